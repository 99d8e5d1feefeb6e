import { count } from 'drizzle-orm';
import { samplePrizes } from '../../shared/sample-prizes';
import type { Clock } from '../lib/clock';
import { newDrawSeed } from '../lib/commitment';
import { DRAW_HOUR, nextLondonTime } from '../lib/london';
import type { Db } from './client';
import { sampleTasks } from './sample-tasks';
import { prizes, tasks } from './schema';

const DAY = 86_400_000;

/** Fills an empty database with the sample prizes and starter tasks; a database that has any keeps what it has. */
export async function seedSampleData(db: Db, clock: Clock): Promise<{ prizes: number; tasks: number }> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [p] = await tx.select({ n: count() }).from(prizes);
    const [t] = await tx.select({ n: count() }).from(tasks);
    let seeded = { prizes: 0, tasks: 0 };
    if (p?.n === 0) {
      await tx.insert(prizes).values(
        samplePrizes.map(({ key: _key, days, value, ...prize }) => ({
          ...prize,
          valuePence: Math.round(value * 100),
          status: 'active',
          startDate: now,
          // Each closes on a Friday at 8 PM UK time, when the weekly draw runs.
          endDate: nextLondonTime(
            new Date(now.getTime() + (Math.ceil(days / 7) - 1) * 7 * DAY),
            'Friday',
            DRAW_HOUR,
          ),
          ...newDrawSeed(),
        })),
      );
      seeded = { ...seeded, prizes: samplePrizes.length };
    }
    if (t?.n === 0) {
      await tx.insert(tasks).values(sampleTasks);
      seeded = { ...seeded, tasks: sampleTasks.length };
    }
    return seeded;
  });
}
