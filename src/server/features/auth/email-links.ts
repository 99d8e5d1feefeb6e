import { setTimeout as delay } from 'node:timers/promises';
import { HOUR_MS, PASSWORD_RESET_HOURS, VERIFY_EMAIL_HOURS } from '../../../contract/constants';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { badRequest, conflict } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { clearLoginFailures } from '../accounts/attempts-repository';
import * as repo from '../accounts/repository';
import { followStep, openEarning } from '../earning/earn';
import { queueMail } from '../mail/outbox';
import { passwordResetMail, verifyEmailMail } from '../mail/templates';
import { removeSecondFactor } from '../two-factor/challenges';

const LINKS = {
  verify_email: { hours: VERIFY_EMAIL_HOURS, page: '/verify-email', mail: verifyEmailMail },
  reset_password: { hours: PASSWORD_RESET_HOURS, page: '/reset-password', mail: passwordResetMail },
} as const;

/**
 * Emails the user a link, in the caller's transaction. The token rides in the
 * URL's fragment, which browsers never send to a server, so it stays out of logs.
 */
export async function sendLink(
  tx: Executor,
  ctx: AppContext,
  purpose: repo.LinkPurpose,
  user: { id: string; email: string; username: string },
) {
  const { hours, page, mail } = LINKS[purpose];
  const token = newToken();
  const now = ctx.clock.now();
  await repo.insertLink(
    tx,
    {
      tokenHash: hashToken(token),
      userId: user.id,
      purpose,
      email: user.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + hours * HOUR_MS),
    },
    now,
  );
  const link = `${ctx.config.siteUrl}${page}#token=${token}`;
  await queueMail(tx, mail({ to: user.email, username: user.username, link }));
}

const invalidLink = () => badRequest('This link is not valid', 'invalid_link');

/**
 * Spends a link once. Unknown, used, expired, or for an address the account no
 * longer has: each is refused with its own plain reason.
 */
async function spendLink(tx: Executor, ctx: AppContext, purpose: repo.LinkPurpose, token: string) {
  const tokenHash = hashToken(token);
  const now = ctx.clock.now();
  const link = await repo.spendLinkRow(tx, tokenHash, purpose, now);
  if (!link) {
    const found = await repo.findLink(tx, tokenHash, purpose);
    if (!found) throw invalidLink();
    if (found.usedAt)
      throw badRequest('This link has already been used, or a newer one was sent', 'link_used');
    throw badRequest('This link has expired. Please ask for a new one.', 'link_expired');
  }
  const user = await repo.findUserById(tx, link.userId);
  if (!user || user.email !== link.email) {
    throw badRequest('This link was sent to an address that is no longer on the account', 'invalid_link');
  }
  return user;
}

/** Verifies the address; a friend who had already proved real elsewhere now pays their referrer. */
export async function verifyEmail(ctx: AppContext, token: string) {
  await ctx.db.transaction(async (tx) => {
    const user = await spendLink(tx, ctx, 'verify_email', token);
    if (user.emailVerifiedAt) return;
    const earning = await openEarning(tx, user.id, { paysReferral: true });
    await repo.updateUser(tx, user.id, { emailVerifiedAt: ctx.clock.now() });
    await followStep(earning, ctx.clock.now());
  });
}

export async function resendVerification(ctx: AppContext, user: repo.UserRow) {
  if (user.emailVerifiedAt) throw conflict('Your email address is already verified', 'already_verified');
  await ctx.db.transaction((tx) => sendLink(tx, ctx, 'verify_email', user));
}

/** Longer than the work ever takes, so how long the answer takes tells nothing either. */
const RESET_ANSWER_MS = 400;

/** Sends a reset link if the address has an account; the caller answers the same either way. */
export async function requestPasswordReset(ctx: AppContext, email: string) {
  const send = async () => {
    const user = await repo.findUserByEmail(ctx.db, email);
    if (user) await ctx.db.transaction((tx) => sendLink(tx, ctx, 'reset_password', user));
  };
  await Promise.all([send(), delay(RESET_ANSWER_MS)]);
}

/**
 * Sets a new password from a reset link and ends every session. Opening the
 * link proves the address too, so an unverified one becomes verified.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string) {
  // A made-up token is refused before any hashing: the form is open to anyone, from any address.
  if (!(await repo.findLink(ctx.db, hashToken(token), 'reset_password'))) throw invalidLink();
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const user = await spendLink(tx, ctx, 'reset_password', token);
    const earning = await openEarning(tx, user.id, { paysReferral: true });
    // An address proved here for the first time also unlinks any provider someone else may have attached.
    await repo.updateUser(
      tx,
      user.id,
      user.emailVerifiedAt
        ? { passwordHash }
        : { passwordHash, emailVerifiedAt: now, googleSub: null, appleSub: null },
    );
    // Whoever set up a second factor before the address was proved may not have been its owner.
    if (!user.emailVerifiedAt) await removeSecondFactor(tx, user.id);
    await repo.deleteUserSessions(tx, user.id);
    await clearLoginFailures(tx, user.email);
    if (!user.emailVerifiedAt) await followStep(earning, now);
  });
}
