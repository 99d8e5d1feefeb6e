import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { resetTwoFactor } from '../features/staff/service';
import { SITE } from '../lib/audit-log';
import { systemClock } from '../lib/clock';

/**
 * `npm run reset-two-factor -- <email>`: the operator's way back in for staff who lost their
 * authenticator and their recovery codes with no other owner to reset it (the Staff tab). It reads
 * the site's own configuration (DATABASE_URL or DATA_DIR); the embedded database serves one process,
 * so stop the site first there. The reset is in the audit chain, made by the site.
 */
const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run reset-two-factor -- <email of the staff member>');
  process.exit(2);
}
const config = loadConfig(process.env);
const database = await openDatabase(config);
try {
  const { staff } = await resetTwoFactor({ db: database.db, clock: systemClock }, SITE, { email });
  console.log(
    `${staff!.username} (${staff!.role}): two-step verification removed, failed sign-ins forgotten and signed out everywhere. ` +
      'Sign in with the password and set it up again.',
  );
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
