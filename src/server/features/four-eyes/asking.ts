import type { FastifyReply } from 'fastify';
import type { Approval, ApprovalKind } from '../../../contract/approvals';
import type { Executor } from '../../db/client';
import { conflict, constraintName, sqlState, UNIQUE_VIOLATION } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import { tellApprovers } from '../notifications/staff-notices';
import * as repo from './repository';

export const presentApproval = (
  { approval: a, requester, decider }: repo.ListedApproval,
  effect: string | null = null,
): Approval => ({
  _id: a.id,
  kind: a.kind,
  status: a.status,
  summary: a.summary,
  requestedBy: { _id: requester.id, username: requester.username },
  requestedAt: a.requestedAt.toISOString(),
  decidedBy: decider ? { _id: decider.id, username: decider.username } : null,
  decidedAt: a.decidedAt?.toISOString() ?? null,
  reason: a.reason,
  effect,
});

/**
 * Asks a second member of staff to approve a change of money (DESIGN §12), in the asker's
 * transaction, which changes nothing else: `payload` is what the change needs to be made once
 * approved, `summary` says what it will do. One waits per thing at a time (409 approval_pending).
 */
export async function requestApproval(
  tx: Executor,
  actor: AuditActor & { id: string },
  now: Date,
  change: { kind: ApprovalKind; targetId: string; payload: object; summary: string },
) {
  const row = await repo
    .insertApproval(tx, { ...change, requestedBy: actor.id, requestedAt: now })
    .catch((err) => {
      if (sqlState(err) === UNIQUE_VIOLATION && constraintName(err) === 'approvals_one_pending_key')
        throw conflict('This already waits for approval', 'approval_pending');
      throw err;
    });
  await recordAudit(
    tx,
    actor,
    {
      action: 'approval.request',
      targetType: 'approval',
      targetId: row.id,
      summary: `Asked for approval: ${change.summary}`,
      after: { kind: change.kind, target: change.targetId },
    },
    now,
  );
  const approval = presentApproval(await repo.approvalById(tx, row.id));
  await tellApprovers(
    tx,
    { ...change, id: row.id, askedBy: approval.requestedBy.username, askerId: actor.id },
    now,
  );
  return { approval };
}

/** A change that waits for approval answers 202 (nothing changed yet); one made at once, its own status. */
export function acceptedIfWaiting<T extends object>(reply: FastifyReply, result: T) {
  if ('approval' in result) reply.status(202);
  return result;
}
