/**
 * A site's past, written before the e2e server first starts on its data folder (tests/e2e/site-history.ts
 * says what): members with cash that has settled, a member of staff whose second factor is an hour old,
 * one of support signed in, referrals held for review, a prize won and claimed, and a member who played
 * every day for a month. A test cannot wait
 * for any of them.
 *
 *   node --import tsx tests/support/e2e-history.ts <data folder>
 */

import { eq } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '../../src/contract/constants';
import { CASH_SETTLING_HOURS } from '../../src/contract/gamification-rules';
import { appContext } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { referralHolds, sessions, totpSecrets, users, wins } from '../../src/server/db/schema';
import { drawPrize } from '../../src/server/features/prizes/draw';
import { enterPrize } from '../../src/server/features/prizes/entering';
import { notePlay } from '../../src/server/features/wellbeing/play';
import { systemClock } from '../../src/server/lib/clock';
import { credit } from '../../src/server/lib/ledger';
import { hashPassword } from '../../src/server/lib/passwords';
import { hashToken, newReferralCode } from '../../src/server/lib/tokens';
import { prepareDatabase } from '../../src/server/start-up/prepare';
import {
  e2eDailyPlayer,
  e2eHeldReferral,
  e2eParcel,
  e2eSavers,
  e2eSupport,
  e2eTiredFinance,
  e2eTiredOwner,
  TIRED_FACTOR_MINUTES,
} from '../e2e/site-history';
import { createPrize } from '../factories';

const database = await openDatabase({ dataDir: process.argv[2]! });
try {
  // Prepared as the site prepares it (migrated, the sample prizes and tasks, the admin), so the sites find
  // the past below beside their sample data: a database with any prize is not given the samples.
  const site = (JSON.parse(process.env.E2E_SITES ?? '[]') as Array<{ env: Record<string, string> }>)[0];
  const config = loadConfig({ ...process.env, ...site?.env });
  await prepareDatabase(database, config, systemClock);
  const now = Date.now();
  const passwordHash = await hashPassword(e2eSavers.password);
  const longAgo = new Date(now - 30 * DAY_MS);
  /** An account a month old, verified, with the savers' password. */
  const account = (
    who: { username: string; email: string },
    extra: Partial<typeof users.$inferInsert> = {},
  ) =>
    database.db
      .insert(users)
      .values({
        ...who,
        passwordHash,
        referralCode: newReferralCode(),
        createdAt: longAgo,
        emailVerifiedAt: longAgo,
        ...extra,
      })
      .returning()
      .then(([row]) => row!);

  const savers = [];
  for (const saver of e2eSavers.members) {
    const user = await account(saver);
    savers.push(user);
    await credit(database.db, {
      userId: user.id,
      amount: e2eSavers.cashPence,
      account: 'cash',
      reason: 'wheel',
      idempotencyKey: `e2e-history:${user.id}`,
      at: new Date(now - (CASH_SETTLING_HOURS + 24) * HOUR_MS),
    });
  }

  // Drawn as the site draws, so its proof is there for anyone to check: entered five days ago, closed
  // three days ago and drawn two days ago; then claimed yesterday.
  const at = (daysAgo: number) => ({ now: () => new Date(now - daysAgo * DAY_MS) });
  const past = appContext({ config, database, clock: at(5) });
  const parcel = await createPrize(database.db, new Date(now - 10 * DAY_MS), {
    ...e2eParcel,
    type: 'physical',
    endDate: new Date(now - 3 * DAY_MS),
  });
  const winner = savers.at(-1)!;
  await credit(database.db, {
    userId: winner.id,
    amount: 10,
    reason: 'welcome_bonus',
    idempotencyKey: `e2e-history:welcome:${winner.id}`,
    at: new Date(now - 6 * DAY_MS),
  });
  await enterPrize(past, winner.id, parcel.id, 1);
  await drawPrize(database.db, at(2), parcel.id, { force: true });
  await past.log.flush();
  await database.db
    .update(wins)
    .set({
      notified: true,
      claimedAt: new Date(now - DAY_MS),
      delivery: 'fulfilling',
      deliveryDetails: JSON.stringify({
        fullName: 'Saver Five',
        county: 'West Yorkshire',
        address: '5 Saver Street, Leeds',
        postcode: 'LS1 5SS',
      }),
      publicName: 'Saver F., West Yorkshire',
    })
    .where(eq(wins.prizeId, parcel.id));

  /** A member of staff with an authenticator, and a session that gave its second factor at `factorAt`. */
  const staffMember = async (
    who: { username: string; email: string; secret: string; token: string },
    staffRole: 'owner' | 'finance' | 'support',
    factorAt: Date,
  ) => {
    const staff = await account(who, { staffRole });
    await database.db
      .insert(totpSecrets)
      .values({ userId: staff.id, secret: who.secret, confirmedAt: longAgo });
    await database.db.insert(sessions).values({
      tokenHash: hashToken(who.token),
      userId: staff.id,
      expiresAt: new Date(now + 7 * DAY_MS),
      secondFactorAt: factorAt,
    });
  };
  await staffMember(e2eTiredFinance, 'finance', new Date(now - TIRED_FACTOR_MINUTES * 60_000));
  await staffMember(e2eTiredOwner, 'owner', new Date(now - TIRED_FACTOR_MINUTES * 60_000));
  await staffMember(e2eSupport, 'support', new Date(now));

  const player = await account(e2eDailyPlayer);
  await credit(database.db, {
    userId: player.id,
    amount: 10,
    reason: 'welcome_bonus',
    idempotencyKey: `e2e-history:welcome:${player.id}`,
    at: longAgo,
  });
  for (let daysAgo = config.playDaysInARow; daysAgo >= 1; daysAgo--)
    await notePlay(database.db, config, player.id, new Date(now - daysAgo * DAY_MS));

  const referrer = await account(e2eHeldReferral.referrer);
  const friend = await account(e2eHeldReferral.friend, { referredBy: referrer.id });
  await database.db.insert(referralHolds).values({
    friendId: friend.id,
    referrerId: referrer.id,
    shared: e2eHeldReferral.shared,
    heldAt: longAgo,
  });
} finally {
  await database.close();
}
