import type { Executor } from '../db/client';
import { jobRuns } from '../db/schema';

/** True for exactly one caller per job and period, however many instances ask at once. */
export async function claimRun(db: Executor, job: string, period: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ job, period, startedAt: now })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  return rows.length > 0;
}
