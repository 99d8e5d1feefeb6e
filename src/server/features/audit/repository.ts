import { and, asc, desc, eq, gt, lt, or } from 'drizzle-orm';
import type { AuditFilter } from '../../../contract/audit';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';

/** The filter as the query reads it: an email stands for the account's id, as actor or target. */
export type AuditRowFilter = Omit<AuditFilter, 'email'> & { accountId?: string };

/** A page of the log, newest first, filtered by action, admin, target or account (each served by an index). */
export function auditPage(db: Executor, filter: AuditRowFilter, before: number | undefined, take: number) {
  return db
    .select({ event: auditLog, actor: { id: users.id, username: users.username } })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        filter.action ? eq(auditLog.action, filter.action) : undefined,
        filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
        filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
        filter.accountId
          ? or(eq(auditLog.actorId, filter.accountId), eq(auditLog.targetId, filter.accountId))
          : undefined,
        before ? lt(auditLog.id, before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(take);
}

/** The chain in order, a page at a time from after the row with id `after`. */
export function chainPage(db: Executor, after: number, take: number) {
  return db.select().from(auditLog).where(gt(auditLog.id, after)).orderBy(asc(auditLog.id)).limit(take);
}

/** A row's stored hash, or undefined when there is no such row. */
export async function hashOf(db: Executor, id: number) {
  const [row] = await db.select({ hash: auditLog.hash }).from(auditLog).where(eq(auditLog.id, id));
  return row?.hash;
}
