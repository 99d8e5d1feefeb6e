import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import {
  APPROVAL_KIND_LABELS,
  APPROVER_PERMISSION,
  type ApprovalKind,
  type ApprovalStatus,
} from '../../../contract/approvals';
import { RISK_ALERT_SCORE } from '../../../contract/notifications';
import { STAFF_PERMISSIONS, type StaffPermission } from '../../../contract/staff';
import type { Executor } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { londonDate, londonDay } from '../../lib/london';
import { pounds } from '../../lib/money';
import type { Notice } from './notices';
import { notifyMany } from './notify';

/**
 * Staff are told (DESIGN §12): each event reaches the bell of every member of
 * staff whose role can act on it, in the caller's transaction, so the notice
 * exists exactly when the event does; the day's letter (staff-digest.ts)
 * brings them by email.
 */

const consoleTab = (tab: string) => `/admin?tab=${tab}`;
/** An approval's notice to those who may decide on it: one per approval, cleared once it is decided. */
const approvalKey = (approvalId: string) => `staff_approval:${approvalId}`;

export const staffNotices = {
  /** A wellbeing signal, apart from fraud scores (DESIGN §19): staff may reach out. */
  wellbeing: (w: { id: string; userId: string; kind: 'days_in_a_row' | 'night' }): Notice => ({
    type: 'staff_risk',
    key: `staff_wellbeing:${w.id}`,
    title:
      w.kind === 'night' ? 'A member played through the night' : 'A member has played many days in a row',
    body: 'A wellbeing signal, not a fraud score: see the Review tab.',
    link: consoleTab('review'),
  }),
  /** A member appealed a hold or a suspension: it waits in the review queue (DESIGN §19). */
  appeal: (a: { id: string; username: string; decision: 'held' | 'suspended'; reviewBy: Date }): Notice => ({
    type: 'staff_risk',
    key: `staff_appeal:${a.id}`,
    title: `${a.username} appealed their ${a.decision === 'held' ? 'held cashouts' : 'suspension'}`,
    body: `Decide it on the Review tab by ${londonDate(a.reviewBy)}.`,
    link: consoleTab('review'),
  }),
  complaint: (m: { id: string; name: string; subject: string }): Notice => ({
    type: 'staff_complaint',
    key: `staff_complaint:${m.id}`,
    title: `New message from ${m.name}`,
    body: m.subject,
    link: consoleTab('messages'),
  }),
  withdrawal: (w: { id: string; amountPence: number; username: string }): Notice => ({
    type: 'staff_withdrawal',
    key: `staff_withdrawal:${w.id}`,
    title: `${w.username} asked to withdraw ${pounds(w.amountPence)}`,
    body: 'It is waiting on the Withdrawals tab to be paid or rejected.',
    link: consoleTab('withdrawals'),
  }),
  prizePayout: (w: { id: string; amountPence: number; username: string; title: string }): Notice => ({
    type: 'staff_withdrawal',
    key: `staff_withdrawal:${w.id}`,
    title: `${w.username} claimed ${w.title}: pay ${pounds(w.amountPence)}`,
    body: 'It is waiting on the Withdrawals tab to be sent or paid.',
    link: consoleTab('withdrawals'),
  }),
  /** A payout provider's balance below the alert line: once a UK day. */
  lowBalance: (b: { provider: string; balance: number }, at: Date): Notice => ({
    type: 'staff_withdrawal',
    key: `staff_low_balance:${b.provider}:${londonDay(at)}`,
    title: `The ${b.provider === 'tremendous' ? 'Tremendous' : b.provider} balance is low: £${b.balance.toFixed(2)}`,
    body: 'Payouts through it fail once it runs out: add funds in its dashboard.',
    link: consoleTab('settings'),
  }),
  /** A claimed prize not yet delivered, days before the Contest Rules' promise runs out: once per win. */
  lateDelivery: (
    w: { prizeId: string; userId: string; title: string; username: string },
    promisedBy: Date,
  ): Notice => ({
    type: 'staff_delivery',
    key: `staff_delivery:${w.prizeId}:${w.userId}`,
    title: `${w.title} for ${w.username} is not delivered yet`,
    body: `It was promised by ${londonDate(promisedBy)}. Send it, or mark it delivered, on the All Winners tab.`,
    link: consoleTab('winners'),
  }),
  risk: (m: { id: string; username: string; score: number }, at: Date): Notice => ({
    type: 'staff_risk',
    // A member can cross again after being cleared: each crossing is its own notice.
    key: `staff_risk:${m.id}:${at.getTime()}`,
    title: `${m.username} reached risk ${m.score}`,
    body: 'Their fraud signals are waiting in the review queue.',
    link: consoleTab('review'),
  }),
  approval: (a: { id: string; kind: ApprovalKind; summary: string; askedBy: string }): Notice => ({
    type: 'staff_approval',
    key: approvalKey(a.id),
    title: `${a.askedBy} asks you to approve: ${APPROVAL_KIND_LABELS[a.kind].toLowerCase()}`,
    body: a.summary,
    link: consoleTab('approvals'),
  }),
  decision: (a: {
    id: string;
    kind: ApprovalKind;
    summary: string;
    status: Exclude<ApprovalStatus, 'pending'>;
    decidedBy: string;
    reason: string | null;
  }): Notice => ({
    type: 'staff_decision',
    key: `staff_decision:${a.id}`,
    title: `${a.decidedBy} ${a.status} what you asked: ${APPROVAL_KIND_LABELS[a.kind].toLowerCase()}`,
    body: a.reason ? `${a.summary}. Why: ${a.reason}` : a.summary,
    link: consoleTab('approvals'),
  }),
};

/** Tells every member of staff whose role holds `permission`, except `except` (who asked). */
export async function tellStaff(
  tx: Executor,
  permission: StaffPermission,
  notice: Notice,
  at: Date,
  except?: string,
) {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.staffRole, STAFF_PERMISSIONS[permission]),
        isNull(users.deletedAt),
        except ? ne(users.id, except) : undefined,
      ),
    );
  return notifyMany(
    tx,
    staff.map((s) => ({ userId: s.id, notice })),
    at,
  );
}

/** An approval waits: those who could approve it (not its asker) are told. */
export const tellApprovers = (
  tx: Executor,
  approval: { id: string; kind: ApprovalKind; summary: string; askedBy: string; askerId: string },
  at: Date,
) => tellStaff(tx, APPROVER_PERMISSION[approval.kind], staffNotices.approval(approval), at, approval.askerId);

/**
 * An approval was decided: it no longer waits in anyone's bell (read by staff only, along the
 * notifications' (user, key) index).
 */
export async function approvalDecided(tx: Executor, approvalId: string, at: Date) {
  const staff = tx.select({ id: users.id }).from(users).where(isNotNull(users.staffRole));
  await tx
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        inArray(notifications.userId, staff),
        eq(notifications.key, approvalKey(approvalId)),
        isNull(notifications.readAt),
      ),
    );
}

/** Whether a new risk score crosses the line staff are told at. */
export const crossesRiskAlert = (before: number, after: number) =>
  before < RISK_ALERT_SCORE && after >= RISK_ALERT_SCORE;
