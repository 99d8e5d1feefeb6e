import { CHALLENGE_MAX_FAILURES } from '../../../contract/two-factor';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, conflict, twoFactorRequired } from '../../lib/app-error';
import type { Client } from '../../lib/client';
import { hashToken } from '../../lib/tokens';
import { assertKnownPlace, countAttempt, forgiveAttempt } from '../accounts/sign-in-limits';
import { type AskingSession, assertOwnerAsking } from './owner-asking';
import { presentPasskey } from './passkeys';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes';
import * as repo from './repository';
import type { OpenSession } from './sign-in';
import { newTotpSecret, otpauthUrl, stepOfCode } from './totp';

/** Whose code it is. */
interface Account {
  id: string;
  email: string;
  staffRole: string | null;
}

/**
 * A wrong code: 401 when signing in, as a wrong password is; 400 from a signed-in session, whose
 * sign-in still stands (a 401 would tell the app the session had ended).
 */
const wrongCode = (signingIn = false) =>
  new AppError(signingIn ? 401 : 400, 'That code is not right. Please try again.', 'invalid_code');
const expired = () =>
  new AppError(401, 'This sign-in has expired. Please sign in again.', 'challenge_expired');
const notEnrolled = () =>
  conflict('There is no authenticator app set up on this account', 'two_factor_not_enrolled');
/** Whether a code can be given at all: an account with only passkeys has no codes. */
const hasTotp = async (db: Executor, userId: string) =>
  Boolean((await repo.findTotp(db, userId))?.confirmedAt);

/**
 * Spends a code for the account: a recovery code once, or an authenticator
 * code for a step no code was accepted at or after. `pending` checks against a
 * secret not yet confirmed (enrolling).
 */
async function spendCode(tx: Executor, userId: string, code: string, now: Date, pending = false) {
  if (!pending && looksLikeRecoveryCode(code))
    return repo.spendRecoveryCode(tx, userId, hashRecoveryCode(userId, code), now);
  const totp = await repo.findTotp(tx, userId);
  if (!totp || (totp.confirmedAt === null) !== pending) return false;
  const step = stepOfCode(totp.secret, code, now);
  return step !== null && (await repo.spendTotpStep(tx, userId, step));
}

/** A signed-in session giving a code: its token, and where the request came from. */
type Session = Pick<AskingSession, 'token' | 'client'>;

/**
 * A code given in a signed-in session: counted before it is checked, per account and address and
 * per session (a stolen session guessing from address after address is held too), and forgiven when
 * right. Never counted across the account, which strangers can fill (DESIGN §16).
 */
async function checkCode(
  ctx: AppContext,
  account: Account,
  session: Session,
  code: string,
  then: (tx: Executor) => Promise<void>,
  pending = false,
) {
  const attempt = {
    email: account.email,
    client: session.client,
    session: hashToken(session.token),
    ceiling: false,
  };
  await countAttempt(ctx, attempt);
  const now = ctx.clock.now();
  const right = await ctx.db.transaction(async (tx) => {
    if (!(await spendCode(tx, account.id, code, now, pending))) return false;
    await then(tx);
    await forgiveAttempt(tx, attempt);
    return true;
  });
  if (!right) throw wrongCode();
}

async function storeNewRecoveryCodes(tx: Executor, userId: string, now: Date) {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(
    tx,
    userId,
    codes.map((code) => hashRecoveryCode(userId, code)),
    now,
  );
  return codes;
}

export async function status(db: Executor, account: Account, secondFactorAt: Date | null) {
  const totp = await repo.findTotp(db, account.id);
  return {
    totp: Boolean(totp?.confirmedAt),
    passkeys: (await repo.passkeysOf(db, account.id)).map(presentPasskey),
    recoveryCodesLeft: await repo.recoveryCodesLeft(db, account.id),
    required: account.staffRole !== null,
    secondFactorAt: secondFactorAt?.toISOString() ?? null,
  };
}

const alreadyEnrolled = () =>
  conflict('Two-step verification is already set up on this account', 'two_factor_enrolled');

/**
 * A new secret for the authenticator app, once the owner has shown it is them (owner-asking.ts); it
 * is used once confirmed with a code from the app.
 */
export async function setUpTotp(
  ctx: AppContext,
  account: Account & { passwordHash: string | null },
  session: AskingSession,
  password: string | undefined,
) {
  if (await hasTotp(ctx.db, account.id)) throw alreadyEnrolled();
  await assertOwnerAsking(ctx, account, session, password);
  const secret = newTotpSecret();
  if (!(await repo.putPendingTotp(ctx.db, account.id, secret, ctx.clock.now()))) throw alreadyEnrolled();
  return { secret, otpauthUrl: otpauthUrl(secret, account.email) };
}

/**
 * Turns the authenticator on with its first code. Answers ten recovery codes,
 * shown only now; the session counts as having given its second factor.
 */
export async function confirmTotp(ctx: AppContext, account: Account, session: Session, code: string) {
  const totp = await repo.findTotp(ctx.db, account.id);
  if (!totp) throw conflict('Start setting up your authenticator app first', 'two_factor_not_started');
  if (totp.confirmedAt) throw alreadyEnrolled();
  let recoveryCodes: string[] = [];
  const now = ctx.clock.now();
  await checkCode(
    ctx,
    account,
    session,
    code,
    async (tx) => {
      // Two right codes at once: the first turns it on, and only its recovery codes stand.
      if (!(await repo.confirmTotp(tx, account.id, now))) throw alreadyEnrolled();
      recoveryCodes = await storeNewRecoveryCodes(tx, account.id, now);
      await repo.markSecondFactor(tx, hashToken(session.token), now);
    },
    true,
  );
  return { recoveryCodes };
}

/** A fresh code for this session, for the calls that need a recent sign-in. */
export async function reauthenticate(ctx: AppContext, account: Account, session: Session, code: string) {
  if (!(await hasTotp(ctx.db, account.id))) throw notEnrolled();
  await checkCode(ctx, account, session, code, (tx) =>
    repo.markSecondFactor(tx, hashToken(session.token), ctx.clock.now()),
  );
}

/** Ten new recovery codes, confirmed with a code; the old ones stop working. */
export async function renewRecoveryCodes(ctx: AppContext, account: Account, session: Session, code: string) {
  if (!(await hasTotp(ctx.db, account.id))) throw notEnrolled();
  let recoveryCodes: string[] = [];
  await checkCode(ctx, account, session, code, async (tx) => {
    recoveryCodes = await storeNewRecoveryCodes(tx, account.id, ctx.clock.now());
  });
  return { recoveryCodes };
}

/** Turns two-step verification off, confirmed with a code. Staff must keep it. */
export async function removeTotp(ctx: AppContext, account: Account, session: Session, code: string) {
  if (account.staffRole) throw twoFactorRequired('Staff accounts must keep two-step verification');
  if (!(await hasTotp(ctx.db, account.id))) throw notEnrolled();
  await checkCode(ctx, account, session, code, (tx) => repo.deleteTotp(tx, account.id));
}

/**
 * Opens the session a challenge waits for, given a right code. A challenge takes
 * CHALLENGE_MAX_FAILURES wrong codes and is then spent, and a right one spends it, in the
 * transaction that opens the session, so one challenge opens one session. Each code counts per
 * account and address, and towards the account's ceiling as its password did: past it, a code is
 * taken only from a place the owner used, so challenges opened before strangers filled it cannot be
 * guessed at from anywhere else, while the owner at home always gets in (DESIGN §16).
 */
export async function verifySignIn<T>(
  ctx: AppContext,
  body: { challenge: string; code: string },
  client: Client,
  open: OpenSession<T>,
) {
  const { db, clock } = ctx;
  const tokenHash = hashToken(body.challenge);
  const waiting = await repo.findOpenChallengeAccount(db, tokenHash, clock.now());
  if (!waiting) throw expired();
  const attempt = { email: waiting.email, client, ceiling: true };
  const { pastCeiling } = await countAttempt(ctx, attempt);
  if (pastCeiling) await assertKnownPlace(ctx, waiting.userId, client);
  const now = clock.now();
  const outcome = await db.transaction(async (tx) => {
    const challenge = await repo.lockOpenChallenge(tx, tokenHash, now);
    if (!challenge) return 'expired' as const;
    if (!(await spendCode(tx, challenge.userId, body.code, now))) {
      if ((await repo.countChallengeFailure(tx, tokenHash)) >= CHALLENGE_MAX_FAILURES)
        await repo.spendChallenge(tx, tokenHash, now);
      return 'wrong' as const;
    }
    await repo.spendChallenge(tx, tokenHash, now);
    // The code, and the password it completes, are taken back from the account's count.
    await forgiveAttempt(tx, attempt, 2);
    return { session: await open(tx, challenge.userId) };
  });
  if (outcome === 'expired') throw expired();
  if (outcome === 'wrong') throw wrongCode(true);
  return outcome.session;
}
