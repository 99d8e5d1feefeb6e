/**
 * A site's past, written before the e2e server first starts on its data folder: members who joined a
 * month ago, verified, with cash won days ago that has settled. Money is paid out only once it has
 * settled (DESIGN §12), which a test cannot wait for, so the payout flows start from these members.
 *
 *   node --import tsx tests/support/e2e-history.ts <data folder>
 */
import { DAY_MS, HOUR_MS } from '../../src/contract/constants';
import { CASH_SETTLING_HOURS } from '../../src/contract/gamification-rules';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { users } from '../../src/server/db/schema';
import { credit } from '../../src/server/lib/ledger';
import { hashPassword } from '../../src/server/lib/passwords';
import { newReferralCode } from '../../src/server/lib/tokens';
import { e2eSavers } from '../e2e/savers';

const database = await openDatabase({ dataDir: process.argv[2]! });
try {
  await migrate(database);
  const now = Date.now();
  const passwordHash = await hashPassword(e2eSavers.password);
  for (const saver of e2eSavers.members) {
    const [user] = await database.db
      .insert(users)
      .values({
        username: saver.username,
        email: saver.email,
        passwordHash,
        referralCode: newReferralCode(),
        createdAt: new Date(now - 30 * DAY_MS),
        emailVerifiedAt: new Date(now - 30 * DAY_MS),
      })
      .returning();
    await credit(database.db, {
      userId: user!.id,
      amount: e2eSavers.cashPence,
      account: 'cash',
      reason: 'wheel',
      idempotencyKey: `e2e-history:${user!.id}`,
      at: new Date(now - (CASH_SETTLING_HOURS + 24) * HOUR_MS),
    });
  }
} finally {
  await database.close();
}
