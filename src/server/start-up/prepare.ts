import type { Config } from '../config';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';
import { recordApprovalThresholds } from '../features/four-eyes/thresholds-on-record';
import { beaconFor } from '../features/prizes/beacon';
import { ensureAdmin } from '../features/staff/start-up-owner';
import type { Clock } from '../lib/clock';
import { seedSampleData } from './seed';

/** Everything start-up does to the database before serving: migrate, seed when empty, make the admin. */
export async function prepareDatabase(database: Database, config: Config, clock: Clock) {
  await migrate(database);
  return database.exclusive(async () => {
    const seeded = config.sampleData
      ? await seedSampleData(database.db, clock, beaconFor(config))
      : { prizes: 0, tasks: 0 };
    const admin = config.admin ? await ensureAdmin(database.db, clock, config.admin) : undefined;
    await recordApprovalThresholds(database.db, clock, config.approvalThresholds);
    return { seeded, admin };
  });
}
