import { count } from 'drizzle-orm';
import { DAY_MS, DEFAULT_DRAW_DAY, DRAW_HOUR } from '../../contract/constants';
import { samplePrizes } from '../../shared/sample-prizes';
import type { Db } from '../db/client';
import { prizes, tasks } from '../db/schema';
import type { DrawBeacon } from '../features/prizes/beacon';
import { createPrize } from '../features/prizes/management';
import type { Clock } from '../lib/clock';
import { nextLondonTime } from '../lib/london';
import { sampleTasks } from './sample-tasks';

/** Fills an empty database with the sample prizes and starter tasks; a database that has any keeps what it has. */
export async function seedSampleData(
  db: Db,
  clock: Clock,
  beacon?: DrawBeacon,
): Promise<{ prizes: number; tasks: number }> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [p] = await tx.select({ n: count() }).from(prizes);
    const [t] = await tx.select({ n: count() }).from(tasks);
    let seeded = { prizes: 0, tasks: 0 };
    if (p?.n === 0) {
      for (const { key: _key, days, ...prize } of samplePrizes) {
        // Each closes on its draw day at 8 PM UK time, when the weekly draw runs.
        const endDate = nextLondonTime(
          new Date(now.getTime() + (Math.ceil(days / 7) - 1) * 7 * DAY_MS),
          DEFAULT_DRAW_DAY,
          DRAW_HOUR,
        );
        await createPrize(
          tx,
          {
            ...prize,
            currency: 'GBP',
            imageUrl: null,
            status: 'active',
            minimumEntries: 0,
            drawDay: DEFAULT_DRAW_DAY,
            startDate: now.toISOString(),
            endDate: endDate.toISOString(),
          },
          { beacon, now },
        );
      }
      seeded = { ...seeded, prizes: samplePrizes.length };
    }
    if (t?.n === 0) {
      await tx.insert(tasks).values(sampleTasks);
      seeded = { ...seeded, tasks: sampleTasks.length };
    }
    return seeded;
  });
}
