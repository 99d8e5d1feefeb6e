import { type AnyColumn, asc, inArray, sql } from 'drizzle-orm';
import type { WithdrawalStatus } from '../../../contract/payouts';
import type { Executor } from '../../db/client';
import { withdrawalMoves } from '../../db/schema';

/** A step of a payout's way: the state it reached, and when. */
export type Step = { status: WithdrawalStatus; at: Date };

/** A step of a payout's timeline, once. */
export async function recordStep(db: Executor, withdrawalId: string, status: WithdrawalStatus, at: Date) {
  await db.insert(withdrawalMoves).values({ withdrawalId, status, at }).onConflictDoNothing();
  return { status, at };
}

/** Each payout's timeline (DESIGN §17), oldest step first (steps at one moment in the order states go), by withdrawal id. */
export async function timelinesOf(db: Executor, ids: string[]) {
  const byId = new Map<string, Step[]>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select()
    .from(withdrawalMoves)
    .where(inArray(withdrawalMoves.withdrawalId, ids))
    .orderBy(asc(withdrawalMoves.at), asc(withdrawalMoves.status));
  for (const { withdrawalId, status, at } of rows) {
    const steps = byId.get(withdrawalId) ?? [];
    steps.push({ status, at });
    byId.set(withdrawalId, steps);
  }
  return byId;
}

/**
 * A payout's timeline read in the statement that reads the payout (a subquery on `id`, its column), so
 * a page of payouts and their steps are one round trip: oldest step first, as timelinesOf orders them.
 */
export const timelineColumn = (id: AnyColumn) =>
  sql<
    Step[]
  >`(select coalesce(json_agg(json_build_object('status', m.status, 'at', m.at) order by m.at, m.status), '[]'::json)
    from ${withdrawalMoves} m where m.withdrawal_id = ${id})`.mapWith(
    (steps: Array<{ status: WithdrawalStatus; at: string }>) =>
      steps.map((step) => ({ status: step.status, at: new Date(step.at) })),
  );
