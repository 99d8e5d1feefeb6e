import type { NewTask, TaskChanges } from '../../../contract/tasks';
import { needsInterval, REFERRAL_REWARD_MESSAGE, wrongReferralReward } from '../../../contract/tasks';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import { type AuditActor, changedFields, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { cursorKeys, decodeCursor, type PageAsked, page } from '../../lib/cursor';
import { presentAdminTask } from './present';
import * as repo from './repository';
import { taskNotFound } from './rules';

// Staff list, create and edit tasks; each change goes in the audit log.

/** The Task shape to columns: verificationData's fields are columns of their own. */
const toColumns = <T extends TaskChanges>({ verificationData, ...rest }: T) => ({
  ...rest,
  ...verificationData,
});

export async function adminTasks(db: Db, query: PageAsked) {
  const rows = await repo.taskPage(
    db,
    decodeCursor(query.cursor, cursorKeys.orderTimeAndId),
    query.limit + 1,
  );
  const { items, nextCursor } = page(
    rows,
    (r) => presentAdminTask(r.task),
    (r) => [r.task.sortOrder, r.at, r.task.id],
    query.limit,
  );
  return { tasks: items, nextCursor };
}

export async function createTask(db: Db, clock: Clock, actor: AuditActor, input: NewTask) {
  return db.transaction(async (tx) => {
    const task = await repo.insertTask(tx, toColumns(input));
    const { _id, ...after } = presentAdminTask(task);
    await recordAudit(
      tx,
      actor,
      {
        action: 'task.create',
        targetType: 'task',
        targetId: _id,
        summary: `Created task "${task.title}"`,
        after,
      },
      clock.now(),
    );
    return task;
  });
}

/** Changes only what is sent; the result must still be a valid task (a repeatable one keeps an interval). */
export async function updateTask(db: Db, clock: Clock, actor: AuditActor, id: string, changes: TaskChanges) {
  return db.transaction(async (tx) => {
    const existing = await repo.findTask(tx, id);
    if (!existing) throw taskNotFound();
    const columns = toColumns(changes);
    // `{ verificationData: {} }` names nothing to change.
    if (Object.keys(columns).length === 0) return existing;
    if (needsInterval({ ...existing, ...columns }))
      throw badRequest('Repeatable tasks need a repeat interval', 'bad_request', [
        { path: 'repeatInterval', message: 'Repeatable tasks need a repeat interval' },
      ]);
    if (wrongReferralReward({ ...existing, ...columns }))
      throw badRequest(REFERRAL_REWARD_MESSAGE, 'bad_request', [
        { path: 'entriesReward', message: REFERRAL_REWARD_MESSAGE },
      ]);
    const updated = await repo.updateTask(tx, id, columns);
    const diff = changedFields(presentAdminTask(existing), presentAdminTask(updated));
    await recordAudit(
      tx,
      actor,
      {
        action: 'task.update',
        targetType: 'task',
        targetId: id,
        summary: `Edited task "${updated.title}": ${Object.keys(diff.after).join(', ') || 'nothing changed'}`,
        ...diff,
      },
      clock.now(),
    );
    return updated;
  });
}
