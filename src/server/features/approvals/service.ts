import {
  APPROVAL_KIND_LABELS,
  APPROVAL_KINDS,
  type ApprovalKind,
  type ApprovalStatus,
  mayDecide,
} from '../../../contract/approvals';
import type { AdjustBody } from '../../../contract/members';
import type { StaffRole } from '../../../contract/staff';
import type { UpdateWheelOddsBody } from '../../../contract/wheel';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { findUsersByIds } from '../accounts/repository';
import { type Payout, settle } from '../cash/paying';
import { presentApproval } from '../four-eyes/asking';
import * as repo from '../four-eyes/repository';
import { correct, correctionEffect } from '../members/corrections';
import { creditApproved } from '../missing-credit/service';
import { notify } from '../notifications/notify';
import { approvalDecided, staffNotices } from '../notifications/staff-notices';
import type { PayoutDesk } from '../payouts/desk';
import { disqualifyApproved } from '../prizes/disqualify';
import { cancelIn } from '../prizes/management';
import { setOdds } from '../wheel/service';

interface Approver {
  db: Db;
  clock: Clock;
  /** Where an approved payout is sent from (DESIGN §17). */
  payouts: PayoutDesk;
  actor: AuditActor & { id: string; role: StaffRole | null };
}

/** How each kind is made, once approved, in the approver's transaction, from what the asker's call gave. */
const APPLY: Record<ApprovalKind, (tx: Tx, approver: Approver, payload: unknown) => Promise<unknown>> = {
  correction: (tx, approver, payload) => {
    const { memberId, ...body } = payload as AdjustBody & { memberId: string };
    return correct(tx, approver, memberId, body);
  },
  odds: (tx, { clock, actor }, payload) => setOdds(tx, clock, actor, payload as UpdateWheelOddsBody),
  payout: (tx, { clock, actor, payouts }, payload) => {
    const { withdrawalId, kind, ...payout } = payload as Payout & {
      withdrawalId: string;
      kind?: Payout['kind'];
    };
    // Asked for before payouts could be sent: a payment by hand, with its reference.
    if (kind !== 'send' && !('reference' in payout && payout.reference))
      throw badRequest('This payment was asked for without a reference: reject it and mark it paid again');
    return settle(
      tx,
      clock,
      actor,
      withdrawalId,
      kind === 'send' ? { kind, ...payout } : { kind: 'paid', ...(payout as { reference: string }) },
      payouts,
    );
  },
  prize_cancel: (tx, { clock, actor }, payload) => {
    const { prizeId, reason } = payload as { prizeId: string; reason: string };
    return cancelIn(tx, clock, actor, prizeId, reason, true);
  },
  missing_credit: (tx, approver, payload) =>
    creditApproved(tx, approver, payload as { claimId: string; entries: number; reason: string }),
  pass_on: (tx, { clock, actor }, payload) => {
    const { reason, ...ids } = payload as { prizeId: string; userId: string; reason: string };
    return disqualifyApproved(tx, { clock }, actor, ids, reason);
  },
};

/** What waits (or was decided) that a member of staff follows: what they asked, and what they may decide. */
export async function listApprovals(
  db: Db,
  status: ApprovalStatus,
  viewer: { id: string; role: StaffRole | null },
) {
  const decides = APPROVAL_KINDS.filter((kind) => mayDecide(viewer.role, kind));
  const rows = await repo.approvalsWith(db, status, { id: viewer.id, decides });
  const corrections = rows.filter((r) => r.approval.status === 'pending' && r.approval.kind === 'correction');
  const members = new Map(
    (
      await findUsersByIds(
        db,
        corrections.map((r) => r.approval.targetId),
      )
    ).map((m) => [m.id, m]),
  );
  const effectOf = ({ approval: a }: (typeof rows)[number]) => {
    const member = a.status === 'pending' && a.kind === 'correction' && members.get(a.targetId);
    return member ? correctionEffect(member, a.payload as AdjustBody) : null;
  };
  return { approvals: rows.map((row) => presentApproval(row, effectOf(row))) };
}

/**
 * Approves or rejects, once: the approval is locked, so of two deciding at once the second finds
 * it decided (409). Whoever asked cannot decide (403 own_request), nor anyone whose role does not
 * hold what the change itself needs (403 forbidden). Approving makes the change in this
 * transaction, so a change that is now refused (the balance is too low, the withdrawal was
 * rejected meanwhile) answers why and leaves it pending, to be rejected. The asker is told the
 * decision, and the request leaves the others' bells.
 */
export async function decide(
  approver: Approver,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const { db, clock, actor } = approver;
  return db.transaction(async (tx) => {
    const row = await repo.lockApproval(tx, id);
    if (!row) throw notFound('Approval not found');
    if (row.status !== 'pending') throw conflict(`This was already ${row.status}`, 'already_decided');
    if (row.requestedBy === actor.id)
      throw new AppError(403, 'Someone else must decide on what you asked for', 'own_request');
    if (!mayDecide(actor.role, row.kind))
      throw forbidden(`Your role cannot decide on this: ${APPROVAL_KIND_LABELS[row.kind].toLowerCase()}`);
    const now = clock.now();
    if (decision.approve) await APPLY[row.kind](tx, approver, row.payload);
    const status = decision.approve ? 'approved' : 'rejected';
    await repo.decide(tx, id, {
      status,
      decidedBy: actor.id,
      decidedAt: now,
      ...(!decision.approve && { reason: decision.reason }),
    });
    const decided = presentApproval(await repo.approvalById(tx, id));
    await notify(
      tx,
      row.requestedBy,
      staffNotices.decision({ ...decided, id, status, decidedBy: decided.decidedBy!.username }),
      now,
    );
    await approvalDecided(tx, id, now);
    await recordAudit(
      tx,
      actor,
      {
        action: decision.approve ? 'approval.approve' : 'approval.reject',
        targetType: 'approval',
        targetId: id,
        summary: `${decision.approve ? 'Approved' : `Rejected (${decision.reason})`}: ${APPROVAL_KIND_LABELS[row.kind]}, ${row.summary}`,
        before: { status: 'pending' },
        after: { status },
      },
      now,
    );
    return { approval: decided };
  });
}
