import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApprovalKind, ApprovalStatus } from '../../../contract/approvals';
import type { Executor } from '../../db/client';
import { approvals, users } from '../../db/schema';

export type ApprovalRow = typeof approvals.$inferSelect;

export async function insertApproval(db: Executor, values: typeof approvals.$inferInsert) {
  const [row] = await db.insert(approvals).values(values).returning();
  return row!;
}

/** The approval, locked until the transaction ends: two approvers at once take turns, and the second finds it decided. */
export async function lockApproval(db: Executor, id: string) {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id)).for('update');
  return row;
}

export async function decide(
  db: Executor,
  id: string,
  decision: { status: ApprovalStatus; decidedBy: string; decidedAt: Date; reason?: string },
) {
  await db.update(approvals).set(decision).where(eq(approvals.id, id));
}

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

const listed = (db: Executor) =>
  db
    .select({
      approval: approvals,
      requester: { id: requester.id, username: requester.username },
      decider: { id: decider.id, username: decider.username },
    })
    .from(approvals)
    .innerJoin(requester, eq(requester.id, approvals.requestedBy))
    .leftJoin(decider, eq(decider.id, approvals.decidedBy));

export type ListedApproval = Awaited<ReturnType<typeof approvalById>>;

export async function approvalById(db: Executor, id: string) {
  const [row] = await listed(db).where(eq(approvals.id, id));
  return row!;
}

/**
 * The newest hundred approvals with `status` that a member of staff follows: those they asked for,
 * and those of the kinds they may decide on.
 */
export function approvalsWith(
  db: Executor,
  status: ApprovalStatus,
  viewer: { id: string; decides: readonly ApprovalKind[] },
) {
  const theirs = eq(approvals.requestedBy, viewer.id);
  return listed(db)
    .where(
      and(
        eq(approvals.status, status),
        viewer.decides.length ? or(theirs, inArray(approvals.kind, [...viewer.decides])) : theirs,
      ),
    )
    .orderBy(desc(approvals.requestedAt))
    .limit(100);
}
