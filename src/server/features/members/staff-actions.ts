import type { SuspendBody } from '../../../contract/members';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, conflict } from '../../lib/app-error';
import { once } from '../../lib/idempotency';
import { findUserById, lockUserRow } from '../accounts/repository';
import { endSessions } from '../accounts/sessions';
import { isSuspended, memberStatus } from '../accounts/sign-in-rules';
import { sendLink } from '../auth/email-links';
import { markActioned } from '../risk/review';
import { type Acting, lockMember, presentedAfter, record } from './acting-on-member';
import * as repo from './repository';
import { memberNotFound, presentNote } from './service';

export type { Acting } from './acting-on-member';

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

export const unsuspend = (acting: Acting, id: string, reason: string) =>
  acting.db.transaction((tx) => unsuspendIn(tx, acting, id, reason));

/** Lifts a suspension in the caller's transaction: an appeal overturned does it with its decision. */
export async function unsuspendIn(tx: Tx, acting: Acting, id: string, reason: string) {
  const now = acting.clock.now();
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

export const releaseCashouts = (acting: Acting, id: string, reason: string) =>
  acting.db.transaction((tx) => releaseCashoutsIn(tx, acting, id, reason));

/** Releases held cashouts in the caller's transaction: an appeal overturned does it with its decision. */
export async function releaseCashoutsIn(tx: Tx, acting: Acting, id: string, reason: string) {
  const now = acting.clock.now();
  const member = await lockMember(tx, acting, id);
  if (!member.cashoutsHeldAt) throw conflict("This member's cashouts are not held", 'not_held');
  await repo.updateMember(tx, id, { cashoutsHeldAt: null, cashoutsHoldReason: null });
  await record(tx, acting, 'user.release_cashouts', id, {
    summary: `Released the member's cashouts: ${reason}`,
    before: { cashoutsHeld: true, reason: member.cashoutsHoldReason },
    after: { cashoutsHeld: false },
  });
  return { message: 'Cashouts released', user: await presentedAfter(tx, id, now) };
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
