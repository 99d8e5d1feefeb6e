import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { rowsOf } from '../../db/client';
import { taskCompletions, users } from '../../db/schema';
import { setUp } from './test-setup';

/** The counts kept, and the counts of the completions themselves: they must always agree. */
async function both(t: TestApp) {
  const kept = await rowsOf(
    t.db,
    sql`select user_id, task_id, n::int as n, last_at::text as last_at from task_counts order by 1, 2`,
  );
  const counted = await rowsOf(
    t.db,
    sql`select user_id, task_id, count(*)::int as n, max(completed_at)::text as last_at
          from task_completions group by 1, 2 order by 1, 2`,
  );
  return { kept, counted };
}

describe('the counts of each member’s task completions', () => {
  it('follow every insert, one at a time or thousands in one statement, and every delete', async () => {
    const t = await buildTestApp();
    const { follow, video, daily } = await setUp(t);
    const [ann, bob] = [await createUser(t.db), await createUser(t.db)];
    const at = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000);
    await t.db
      .insert(taskCompletions)
      .values({ taskId: follow!.id, userId: ann.id, entriesAwarded: 5, completedAt: at(5) });
    await t.db.insert(taskCompletions).values(
      Array.from({ length: 3_000 }, (_, i) => ({
        taskId: [video, daily][i % 2]!.id,
        userId: [ann, bob][i % 3 === 0 ? 1 : 0]!.id,
        entriesAwarded: 2,
        completedAt: at(i),
      })),
    );
    let { kept, counted } = await both(t);
    expect(kept).toHaveLength(5);
    expect(kept).toEqual(counted);

    // Ann's daily polls go (as a task deleted would take them); her other counts stay as they were.
    await t.db.execute(
      sql`delete from task_completions where user_id = ${ann.id} and task_id = ${daily!.id}`,
    );
    ({ kept, counted } = await both(t));
    expect(kept).toHaveLength(4);
    expect(kept).toEqual(counted);

    // A member's rows go with them.
    await t.db.execute(sql`delete from ${users} where id = ${bob.id}`);
    ({ kept, counted } = await both(t));
    expect(kept).toEqual(counted);
  });
});
