import {
  type AccountExport,
  type AccountSession,
  type BreakBody,
  type DeleteAccountBody,
  exportResponse,
} from '../../../contract/account';
import {
  BREAK_MONTHS,
  DAY_MS,
  PRIZE_DELIVERY_DAYS,
  type SelfExclusionMonths,
} from '../../../contract/constants';
import type { AppContext } from '../../context';
import { gaveSecondFactorRecently, type SessionState } from '../../lib/acting-member';
import { badRequest, conflict, notFound, reauthRequired } from '../../lib/app-error';
import { jsonObjectStream, type StreamedField } from '../../lib/json-stream';
import { lockUser } from '../../lib/locks';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import { describeDevice } from '../../lib/user-agent';
import { emailTaken, isEmailTaken } from '../accounts/email-taken';
import { presentUser } from '../accounts/present';
import * as auth from '../accounts/repository';
import { breakEndText } from '../accounts/sign-in-rules';
import { sendLink } from '../auth/email-links';
import { queueMail } from '../mail/outbox';
import {
  breakStartedMail,
  emailChangedMail,
  passwordChangedMail,
  selfExclusionMail,
} from '../mail/templates';
import { withdrawFromOpenPrizes } from '../prizes/entering';
import { assertNotStaff } from '../staff/owners';
import { hasSecondFactor } from '../two-factor/challenges';
import { forfeitOpenWins } from '../wins/repository';
import { personalDataExport } from './personal-data-export';
import * as repo from './repository';

type User = auth.UserRow;

/** The current password, checked before a change that needs it. Never a 401: that would sign the page out. */
export async function confirmPassword(user: Pick<User, 'passwordHash'>, password: string) {
  if (!user.passwordHash) {
    throw badRequest(
      'Your account has no password yet. Use "Forgot password?" on the sign-in page to set one.',
      'no_password',
    );
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw badRequest('Your current password is not correct', 'wrong_password');
  }
}

/** A new password ends every other session; the one making the change stays signed in. */
export async function changePassword(
  ctx: AppContext,
  user: User,
  token: string,
  current: string,
  next: string,
) {
  await confirmPassword(user, current);
  const passwordHash = await hashPassword(next);
  await ctx.db.transaction(async (tx) => {
    await auth.updateUser(tx, user.id, { passwordHash });
    await auth.deleteUserSessions(tx, user.id, hashToken(token));
    await queueMail(
      tx,
      passwordChangedMail({ to: user.email, username: user.username, siteUrl: ctx.config.siteUrl }),
    );
  });
}

/**
 * A new address needs verifying again: a link goes to it, and the old address
 * is told. Every other session ends.
 */
export async function changeEmail(
  ctx: AppContext,
  user: User,
  token: string,
  password: string,
  email: string,
) {
  await confirmPassword(user, password);
  if (email === user.email) throw badRequest('That is already your email address', 'same_email');
  try {
    await ctx.db.transaction(async (tx) => {
      await auth.updateUser(tx, user.id, { email, emailVerifiedAt: null });
      await auth.deleteUserSessions(tx, user.id, hashToken(token));
      await sendLink(tx, ctx, 'verify_email', { ...user, email });
      await queueMail(
        tx,
        emailChangedMail({
          to: user.email,
          username: user.username,
          newEmail: email,
          siteUrl: ctx.config.siteUrl,
        }),
      );
    });
  } catch (err) {
    if (isEmailTaken(err)) throw emailTaken();
    throw err;
  }
  return (await auth.findUserById(ctx.db, user.id))!;
}

export async function listSessions(ctx: AppContext, user: User, token: string): Promise<AccountSession[]> {
  const currentHash = hashToken(token);
  return (await repo.sessionsOf(ctx.db, user.id, ctx.clock.now())).map((s) => ({
    _id: s.id,
    device: describeDevice(s.userAgent),
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    current: s.tokenHash === currentHash,
  }));
}

export async function endSession(ctx: AppContext, user: User, id: string) {
  if (!(await repo.deleteSessionById(ctx.db, user.id, id))) throw notFound('Session not found');
}

export const endOtherSessions = (ctx: AppContext, user: User, token: string) =>
  auth.deleteUserSessions(ctx.db, user.id, hashToken(token));

/** `months` calendar months after `from`, kept within the month (31 January + 1 is 28 or 29 February). */
export function addMonths(from: Date, months: number) {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** Self-exclusion: every session ends and sign-in is refused until the break is over, or for good. */
export async function takeBreak(ctx: AppContext, user: User, period: BreakBody['period']) {
  const now = ctx.clock.now();
  const forGood = period === 'permanent';
  const until = forGood ? null : addMonths(now, BREAK_MONTHS[period]);
  const onBreak = { ...user, breakUntil: until, breakForGood: forGood };
  await ctx.db.transaction(async (tx) => {
    // Held until the sessions are gone, so a sign-in at the same moment either ends here or sees the break.
    await lockUser(tx, user.id);
    await auth.updateUser(tx, user.id, { breakUntil: until, breakForGood: forGood });
    await auth.deleteUserSessions(tx, user.id);
    await queueMail(
      tx,
      breakStartedMail({
        to: user.email,
        username: user.username,
        until: breakEndText(onBreak),
        siteUrl: ctx.config.siteUrl,
      }),
    );
  });
  return {
    message: forGood
      ? 'Your account is closed for good. Take care.'
      : `Your break has started. You can sign in again on ${breakEndText(onBreak)}.`,
    until: until?.toISOString() ?? null,
  };
}

const londonDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

/**
 * Self-exclusion (DESIGN §19), confirmed with the password: the member stays signed in, but plays and
 * earns nothing until it ends. Never brought forward: a shorter one than already runs keeps the later end.
 */
export async function selfExclude(
  ctx: AppContext,
  user: User,
  months: SelfExclusionMonths,
  password: string,
) {
  await confirmPassword(user, password);
  const now = ctx.clock.now();
  const until = await ctx.db.transaction(async (tx) => {
    const current = (await auth.lockUserRow(tx, user.id))?.selfExcludedUntil;
    const asked = addMonths(now, months);
    const end = current && current > asked ? current : asked;
    await auth.updateUser(tx, user.id, { selfExcludedUntil: end });
    await queueMail(
      tx,
      selfExclusionMail({
        to: user.email,
        username: user.username,
        until: londonDate.format(end),
        siteUrl: ctx.config.siteUrl,
      }),
    );
    return end;
  });
  return {
    message: `You are excluded from playing until ${londonDate.format(until)}.`,
    until: until.toISOString(),
  };
}

/**
 * Everything held about the user, as one JSON document in the order of its contract, sent as it is
 * read (lib/json-stream.ts).
 */
export function exportData(ctx: AppContext, user: User, exportedAt: Date) {
  const parts: Record<keyof AccountExport, StreamedField> = {
    exportedAt: async () => exportedAt.toISOString(),
    account: async () => ({
      ...presentUser(user),
      emailVerifiedAt: user.emailVerifiedAt,
      signsInWith: [
        user.passwordHash && 'password',
        user.googleSub && 'google',
        user.appleSub && 'apple',
      ].filter(Boolean),
      referredBy: user.referredBy,
    }),
    sessions: async () =>
      (await repo.sessionsOf(ctx.db, user.id, new Date(0))).map(({ tokenHash: _secret, ...s }) => ({
        ...s,
        device: describeDevice(s.userAgent),
      })),
    ...personalDataExport(ctx.db, user),
  };
  return jsonObjectStream(exportResponse, parts);
}

/**
 * Erases the account's personal data, as the terms say: entries in open draws
 * are withdrawn and refunded, unclaimed wins are forfeited, and the ledger and
 * past draws stay as they were. Refused while money or a prize is on its way,
 * and to staff (DESIGN §16: an owner removes the role first). An account with a
 * second factor gives it again first, as for anything that cannot be undone.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: User,
  session: SessionState | null,
  confirmation: DeleteAccountBody,
) {
  await assertNotStaff(ctx.db, user.id);
  if (!gaveSecondFactorRecently(session, ctx.clock.now()) && (await hasSecondFactor(ctx.db, user.id)))
    throw reauthRequired();
  if ('password' in confirmation) await confirmPassword(user, confirmation.password);
  else if (user.passwordHash)
    throw badRequest('Enter your password to delete your account', 'password_required');
  const now = ctx.clock.now();
  const business = await repo.unfinishedBusiness(
    ctx.db,
    user.id,
    new Date(now.getTime() - PRIZE_DELIVERY_DAYS * DAY_MS),
  );
  if (business.pendingWithdrawal) {
    throw conflict(
      'You have a withdrawal waiting to be paid. You can delete your account once it is settled.',
      'withdrawal_pending',
    );
  }
  if (business.prizeOnItsWay) {
    throw conflict(
      `A prize you claimed is on its way. You can delete your account ${PRIZE_DELIVERY_DAYS} days after your claim, once it has arrived.`,
      'prize_on_its_way',
    );
  }
  await ctx.db.transaction(async (tx) => {
    await withdrawFromOpenPrizes(tx, user.id, now);
    await forfeitOpenWins(tx, user.id, 'account_deleted', now);
    await repo.erasePersonalData(tx, user, now);
    // Asked again once the row is ours: a role given meanwhile committed before the erasure could.
    await assertNotStaff(tx, user.id);
  });
}
