import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../../../contract/audit';
import type { AdjustBody, SuspendBody } from '../../../contract/members';
import type { ApprovalThresholds } from '../../config';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, staffAccount } from '../../lib/app-error';
import { type AuditActor, type AuditEvent, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { once } from '../../lib/idempotency';
import { credit, debit, InsufficientBalanceError } from '../../lib/ledger';
import { penceToPounds, pounds, toPence } from '../../lib/money';
import { mayMoveAlone } from '../approvals/four-eyes';
import { requestApproval } from '../approvals/request';
import { sendLink } from '../auth/email-links';
import { findUserById, lockUserRow, type UserRow } from '../auth/repository';
import { endSessions } from '../auth/sessions';
import { isSuspended, memberStatus } from '../auth/sign-in-rules';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { markActioned } from '../risk/review';
import * as repo from './repository';
import { memberNotFound, presentMember, presentNote } from './service';

/** An admin acting on a member: who, from where, and the clock. */
export interface Acting {
  db: Db;
  clock: Clock;
  actor: AuditActor & { id: string };
}

const entriesText = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * Locks the member's row and checks they can be acted on: they exist, are not
 * the admin themselves, and (for `notAdmin` actions) are not an admin at all;
 * `money` never goes to staff (DESIGN §16).
 */
async function lockMember(
  tx: Tx,
  { actor }: Pick<Acting, 'actor'>,
  id: string,
  opts: { notAdmin?: string; money?: true } = {},
) {
  const member = await lockUserRow(tx, id);
  if (!member) throw memberNotFound();
  if (member.id === actor.id) throw conflict('You cannot do this to your own account', 'own_account');
  if (opts.notAdmin && member.staffRole) throw conflict(opts.notAdmin, 'member_is_admin');
  if (opts.money && member.staffRole) throw staffAccount();
  if (member.deletedAt) throw conflict('This account was deleted', 'member_deleted');
  return member;
}

/** The member as their page shows them, read again after a change. */
async function presentedAfter(tx: Tx, id: string, now: Date) {
  return presentMember(tx, (await repo.findMember(tx, id))!, now);
}

async function record(
  tx: Tx,
  acting: Acting,
  action: AuditAction,
  id: string,
  event: Pick<AuditEvent, 'summary' | 'before' | 'after'>,
) {
  await recordAudit(
    tx,
    acting.actor,
    { action, targetType: 'user', targetId: id, ...event },
    acting.clock.now(),
  );
}

/**
 * A correction through the ledger (DESIGN §8): one row, reason admin_adjustment,
 * the admin's words as its reference. It never counts as earned, so it moves
 * no leaderboard; a debit past the balance is refused. One that would bring what
 * this member received, or what this member of staff moved alone, in a day to the
 * approval thresholds waits for a second member of staff instead (DESIGN §16,
 * 202). With an Idempotency-Key a retried correction changes nothing and
 * answers as the first did.
 */
export function adjust(
  acting: Acting,
  thresholds: ApprovalThresholds,
  id: string,
  body: AdjustBody,
  idempotencyKey: string | undefined,
) {
  return acting.db.transaction((tx) =>
    once(
      tx,
      { actorId: acting.actor.id, key: idempotencyKey, request: { adjust: id, ...body } },
      async () => {
        const now = acting.clock.now();
        const member = await lockMember(tx, acting, id, { money: true });
        const held = body.account === 'cash' ? member.cashPence : member.availableEntries;
        const amount = body.account === 'cash' ? toPence(body.amount) : body.amount;
        // Refused now rather than once approved: the ledger would refuse it then.
        if (held + amount < 0) throw new InsufficientBalanceError(body.account);
        const move = { staffId: acting.actor.id, memberId: id, account: body.account, amount };
        if (await mayMoveAlone(tx, thresholds, move, now)) return correct(tx, acting, id, body);
        return requestApproval(tx, acting.actor, now, {
          kind: 'correction',
          targetId: id,
          payload: { memberId: id, ...body },
          summary: `${correctionEffect(member, body)} (${body.reason})`,
        });
      },
    ),
  );
}

/**
 * What a correction does to the member's balance as it stands, in words:
 * "Alice Tester: +£25.00 cash, balance £6.00 → £31.00".
 */
export function correctionEffect(
  member: Pick<UserRow, 'username' | 'cashPence' | 'availableEntries'>,
  body: Pick<AdjustBody, 'account' | 'amount'>,
) {
  const cash = body.account === 'cash';
  const held = cash ? member.cashPence : member.availableEntries;
  const amount = cash ? toPence(body.amount) : body.amount;
  const shown = (n: number) => (cash ? pounds(n) : entriesText(n));
  return `${member.username}: ${amount > 0 ? '+' : '−'}${shown(Math.abs(amount))}${cash ? ' cash' : ''}, balance ${shown(held)} → ${shown(held + amount)}`;
}

/** Makes a correction, in the caller's transaction: straight away, or once a second member of staff approves it. */
export async function correct(tx: Tx, acting: Acting, id: string, body: AdjustBody) {
  const now = acting.clock.now();
  await lockMember(tx, acting, id, { money: true });
  const amount = body.account === 'cash' ? toPence(body.amount) : body.amount;
  const change = {
    userId: id,
    amount: Math.abs(amount),
    account: body.account,
    reason: 'admin_adjustment' as const,
    reference: body.reason,
    idempotencyKey: `adjust:${randomUUID()}`,
    at: now,
  };
  // Entries added count as earned, so what is available never exceeds what was earned (DESIGN §13),
  // but not on the leaderboards, which pay cash.
  const { balance } = amount > 0 ? await credit(tx, { ...change, ranked: false }) : await debit(tx, change);
  const notice = { key: change.idempotencyKey, account: body.account, amount, reason: body.reason };
  await notify(tx, id, notices.adjustment(notice), now);
  const moved = body.account === 'cash' ? pounds(Math.abs(amount)) : entriesText(Math.abs(amount));
  const message = `${amount > 0 ? 'Added' : 'Took'} ${moved} ${amount > 0 ? 'to' : 'from'} the member's ${body.account === 'cash' ? 'cash' : 'entries'} balance`;
  const shown = body.account === 'cash' ? penceToPounds(balance) : balance;
  await record(tx, acting, 'user.adjust', id, {
    summary: `${message}: ${body.reason}`,
    before: {
      [body.account]: body.account === 'cash' ? penceToPounds(balance - amount) : balance - amount,
    },
    after: { [body.account]: shown },
  });
  return { message, balance: shown };
}

const whenText = (until: Date) => until.toISOString().slice(0, 16).replace('T', ' ');

/**
 * Suspends a member (DESIGN §8): every session ends at once, and until it is
 * lifted (or its end passes) sign-in and every call they make answer 403
 * `suspended` with the reason; their withdrawals cannot be paid. Entries they
 * hold in open prizes stay. Admins cannot be suspended, nor can anyone suspend themselves.
 */
export async function suspend(acting: Acting, id: string, body: SuspendBody) {
  const now = acting.clock.now();
  const until = body.until ? new Date(body.until) : null;
  if (until && until <= now) throw badRequest('The end of a suspension must be in the future', 'bad_until');
  return acting.db.transaction(async (tx) => {
    const member = await lockMember(tx, acting, id, { notAdmin: 'Admins cannot be suspended' });
    if (isSuspended(member, now)) throw conflict('This member is already suspended', 'already_suspended');
    await repo.updateMember(tx, id, {
      suspendedAt: now,
      suspendedUntil: until,
      suspensionReason: body.reason,
    });
    await endSessions(tx, id, now);
    await markActioned(tx, id, `Suspended: ${body.reason}`, acting);
    await record(tx, acting, 'user.suspend', id, {
      summary: `Suspended the member${until ? ` until ${whenText(until)} UTC` : ''}: ${body.reason}`,
      before: { status: memberStatus(member, now) },
      after: { status: 'suspended', until: until?.toISOString() ?? null },
    });
    return {
      message: 'Member suspended; their sessions have ended',
      user: await presentedAfter(tx, id, now),
    };
  });
}

export async function unsuspend(acting: Acting, id: string, reason: string) {
  const now = acting.clock.now();
  return acting.db.transaction(async (tx) => {
    const member = await lockMember(tx, acting, id);
    if (!isSuspended(member, now)) throw conflict('This member is not suspended', 'not_suspended');
    await repo.updateMember(tx, id, { suspendedAt: null, suspendedUntil: null, suspensionReason: null });
    const after = memberStatus({ ...member, suspendedAt: null }, now);
    await record(tx, acting, 'user.unsuspend', id, {
      summary: `Lifted the member's suspension: ${reason}`,
      before: { status: 'suspended', reason: member.suspensionReason },
      after: { status: after },
    });
    return { message: 'Suspension lifted', user: await presentedAfter(tx, id, now) };
  });
}

/**
 * Pauses a member's cashouts, the lighter step: they still earn and enter,
 * but cannot withdraw, and their pending withdrawals cannot be paid; their cash
 * card tells them why.
 */
export async function holdCashouts(acting: Acting, id: string, reason: string) {
  const now = acting.clock.now();
  return acting.db.transaction(async (tx) => {
    const member = await lockMember(tx, acting, id);
    if (member.cashoutsHeldAt) throw conflict("This member's cashouts are already held", 'already_held');
    await repo.updateMember(tx, id, { cashoutsHeldAt: now, cashoutsHoldReason: reason });
    await markActioned(tx, id, `Cashouts held: ${reason}`, acting);
    await record(tx, acting, 'user.hold_cashouts', id, {
      summary: `Held the member's cashouts: ${reason}`,
      before: { cashoutsHeld: false },
      after: { cashoutsHeld: true },
    });
    return { message: 'Cashouts held', user: await presentedAfter(tx, id, now) };
  });
}

export async function releaseCashouts(acting: Acting, id: string, reason: string) {
  const now = acting.clock.now();
  return acting.db.transaction(async (tx) => {
    const member = await lockMember(tx, acting, id);
    if (!member.cashoutsHeldAt) throw conflict("This member's cashouts are not held", 'not_held');
    await repo.updateMember(tx, id, { cashoutsHeldAt: null, cashoutsHoldReason: null });
    await record(tx, acting, 'user.release_cashouts', id, {
      summary: `Released the member's cashouts: ${reason}`,
      before: { cashoutsHeld: true, reason: member.cashoutsHoldReason },
      after: { cashoutsHeld: false },
    });
    return { message: 'Cashouts released', user: await presentedAfter(tx, id, now) };
  });
}

/** An internal note on the member, for staff only, in the audit chain too. */
export async function addNote(acting: Acting, id: string, body: string) {
  const now = acting.clock.now();
  return acting.db.transaction(async (tx) => {
    const member = await lockUserRow(tx, id);
    if (!member) throw memberNotFound();
    const row = await repo.insertNote(tx, { userId: id, authorId: acting.actor.id, body, createdAt: now });
    await record(tx, acting, 'user.note', id, { summary: `Noted: ${body}` });
    const author = (await findUserById(tx, acting.actor.id))!;
    return { note: presentNote({ note: row, author: { id: author.id, username: author.username } }) };
  });
}

/**
 * Marks the member's address verified, once staff have checked it another way (DESIGN §16). It only
 * proves the address: what a member's own link also sets off (a referral paid) waits for their next
 * step, so marking accounts verified pays nobody.
 */
export function markEmailVerified(acting: Acting, id: string, reason: string, idempotencyKey?: string) {
  const now = acting.clock.now();
  return acting.db.transaction((tx) =>
    once(
      tx,
      { actorId: acting.actor.id, key: idempotencyKey, request: { verifyEmail: id, reason } },
      async () => {
        const member = await lockMember(tx, acting, id);
        if (member.emailVerifiedAt)
          throw conflict('This member’s address is already verified', 'already_verified');
        await repo.updateMember(tx, id, { emailVerifiedAt: now });
        await record(tx, acting, 'user.verify_email', id, {
          summary: `Marked the member's email verified: ${reason}`,
          before: { emailVerified: false },
          after: { emailVerified: true },
        });
        return { message: 'Email marked as verified', user: await presentedAfter(tx, id, now) };
      },
    ),
  );
}

/** Emails the member a new link to verify their address, in the audit chain. */
export async function resendVerification(ctx: AppContext, acting: Acting, id: string) {
  const member = await repo.findMember(ctx.db, id);
  if (!member || member.deletedAt) throw memberNotFound();
  if (member.emailVerifiedAt) throw conflict('This member’s address is already verified', 'already_verified');
  await ctx.db.transaction(async (tx) => {
    await sendLink(tx, ctx, 'verify_email', member);
    await record(tx, acting, 'user.resend_verification', id, {
      summary: `Sent a new verification link to ${member.email}`,
    });
  });
  return { message: `We have sent a new verification link to ${member.email}` };
}
