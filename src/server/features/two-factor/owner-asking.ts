import { RECENT_SIGN_IN_MINUTES } from '../../../contract/two-factor';
import type { AppContext } from '../../context';
import { isRecent } from '../../lib/acting-member';
import { AppError, badRequest, reauthRequired } from '../../lib/app-error';
import type { Client } from '../../lib/client';
import { verifyPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import { assertKnownPlace, countAttempt, forgiveAttempt } from '../accounts/sign-in-limits';
import { hasSecondFactor } from './repository';

/** The signed-in session asking: its token, where it asks from, when it signed in and last gave a second factor. */
export interface AskingSession {
  token: string;
  client: Client;
  signedInAt: Date;
  secondFactorAt: Date | null;
}

/**
 * The account's password given again in a signed-in session: a sign-in attempt like any, counted
 * per account and address, per session and towards the account's ceiling before it is checked, so a
 * borrowed session cannot guess at the password either.
 */
async function checkPasswordAgain(
  ctx: AppContext,
  account: { id: string; email: string; passwordHash: string },
  session: AskingSession,
  password: string,
) {
  const { client } = session;
  const attempt = { email: account.email, client, session: hashToken(session.token), ceiling: true };
  const { pastCeiling } = await countAttempt(ctx, attempt);
  if (pastCeiling) await assertKnownPlace(ctx, account.id, client);
  if (!(await verifyPassword(account.passwordHash, password)))
    throw badRequest('Your current password is not correct', 'wrong_password');
  await forgiveAttempt(ctx.db, attempt);
}

/**
 * Adding a second factor (an authenticator, a passkey) proves it is the account's owner asking, not
 * a borrowed session (DESIGN §16): one already set up is given again first (403 reauth_required
 * once older than RECENT_SIGN_IN_MINUTES), and the password is given again (403 password_required,
 * 400 wrong_password). An account with no password (Google, Apple or passkeys only) has nothing
 * more to give, so its session must have signed in, or given its second factor, within
 * RECENT_SIGN_IN_MINUTES (403 recent_sign_in_required): a session taken later cannot enrol.
 */
export async function assertOwnerAsking(
  ctx: AppContext,
  account: { id: string; email: string; passwordHash: string | null },
  session: AskingSession,
  password: string | undefined,
) {
  const now = ctx.clock.now();
  if ((await hasSecondFactor(ctx.db, account.id)) && !isRecent(session.secondFactorAt, now))
    throw reauthRequired();
  const { passwordHash } = account;
  if (passwordHash) {
    if (password === undefined)
      throw new AppError(403, 'Enter your password to confirm it is you', 'password_required');
    return checkPasswordAgain(ctx, { ...account, passwordHash }, session, password);
  }
  if (!isRecent(session.signedInAt, now) && !isRecent(session.secondFactorAt, now))
    throw new AppError(
      403,
      `For your security, please sign in again: this needs a sign-in within the last ${RECENT_SIGN_IN_MINUTES} minutes`,
      'recent_sign_in_required',
    );
}
