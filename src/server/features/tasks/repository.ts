import { and, count, desc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import { AD_TASK_TYPES } from '../../../contract/constants';
import type { Executor } from '../../db/client';
import { adTickets, taskCompletions, taskCounts, tasks, users } from '../../db/schema';
import { afterKey, exactTime } from '../../lib/cursor';

export type TaskRow = typeof tasks.$inferSelect;

export const activeTasks = (db: Executor) =>
  db.select().from(tasks).where(eq(tasks.active, true)).orderBy(tasks.sortOrder, tasks.createdAt);

/** Every task, shown or not, in the order the Tasks page lists them. */
/** A page of every task, in the Tasks page's order. */
export const taskPage = (db: Executor, from: readonly [number, string, string] | undefined, take: number) =>
  db
    .select({ task: tasks, at: exactTime(tasks.createdAt) })
    .from(tasks)
    .where(afterKey([tasks.sortOrder, tasks.createdAt, tasks.id], from, 'asc'))
    .orderBy(tasks.sortOrder, tasks.createdAt, tasks.id)
    .limit(take);

export async function findTask(db: Executor, id: string) {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

export async function insertTask(db: Executor, values: typeof tasks.$inferInsert) {
  const [row] = await db.insert(tasks).values(values).returning();
  return row!;
}

export async function updateTask(db: Executor, id: string, values: Partial<typeof tasks.$inferInsert>) {
  const [row] = await db.update(tasks).set(values).where(eq(tasks.id, id)).returning();
  return row!;
}

export async function findActiveTask(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.active, true)));
  return row;
}

/** When the user last completed each task: a row per task they ever did (task_counts). */
export function lastCompletions(db: Executor, userId: string) {
  return db
    .select({ taskId: taskCounts.taskId, at: taskCounts.lastAt })
    .from(taskCounts)
    .where(eq(taskCounts.userId, userId));
}

export async function lastCompletion(db: Executor, taskId: string, userId: string) {
  const [row] = await db
    .select({ at: taskCompletions.completedAt })
    .from(taskCompletions)
    .where(and(eq(taskCompletions.taskId, taskId), eq(taskCompletions.userId, userId)))
    .orderBy(desc(taskCompletions.completedAt))
    .limit(1);
  return row?.at;
}

export async function insertCompletion(db: Executor, values: typeof taskCompletions.$inferInsert) {
  const [row] = await db.insert(taskCompletions).values(values).returning({ id: taskCompletions.id });
  return row!.id;
}

export async function insertTicket(db: Executor, values: typeof adTickets.$inferInsert) {
  await db.insert(adTickets).values(values);
}

/** Uses a ticket for this user and task, once, and only if it was issued between `issuedAfter` and `issuedBy`. */
export async function redeemTicket(
  db: Executor,
  values: {
    ticketHash: string;
    taskId: string;
    userId: string;
    issuedBy: Date;
    issuedAfter: Date;
    now: Date;
  },
) {
  const [row] = await db
    .update(adTickets)
    .set({ usedAt: values.now })
    .where(
      and(
        eq(adTickets.ticketHash, values.ticketHash),
        eq(adTickets.taskId, values.taskId),
        eq(adTickets.userId, values.userId),
        isNull(adTickets.usedAt),
        lte(adTickets.issuedAt, values.issuedBy),
        gte(adTickets.issuedAt, values.issuedAfter),
      ),
    )
    .returning({ hash: adTickets.ticketHash });
  return Boolean(row);
}

export async function findTicket(db: Executor, ticketHash: string, taskId: string, userId: string) {
  const [row] = await db
    .select()
    .from(adTickets)
    .where(
      and(eq(adTickets.ticketHash, ticketHash), eq(adTickets.taskId, taskId), eq(adTickets.userId, userId)),
    );
  return row;
}

export async function balances(db: Executor, userId: string) {
  const [row] = await db
    .select({ availableEntries: users.availableEntries, totalEntries: users.totalEntries })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

/** Paid video ads since `since`. */
/** When the member was last paid for any ad: two paid ads keep AD_MIN_GAP_SECONDS apart. */
export async function lastAdCompletion(db: Executor, userId: string) {
  const [row] = await db
    .select({ at: taskCompletions.completedAt })
    .from(taskCompletions)
    .innerJoin(tasks, eq(tasks.id, taskCompletions.taskId))
    .where(and(eq(taskCompletions.userId, userId), inArray(tasks.type, [...AD_TASK_TYPES])))
    .orderBy(desc(taskCompletions.completedAt))
    .limit(1);
  return row?.at;
}

/** The ad a member opted in to under this id (its ticket), whatever its task. */
export async function findTicketOf(db: Executor, ticketHash: string, userId: string) {
  const [row] = await db
    .select()
    .from(adTickets)
    .where(and(eq(adTickets.ticketHash, ticketHash), eq(adTickets.userId, userId)));
  return row;
}

export async function adCompletionsSince(db: Executor, userId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(taskCompletions)
    .innerJoin(tasks, eq(tasks.id, taskCompletions.taskId))
    .where(
      and(
        eq(taskCompletions.userId, userId),
        inArray(tasks.type, [...AD_TASK_TYPES]),
        gte(taskCompletions.completedAt, since),
      ),
    );
  return row?.n ?? 0;
}
