import type { RegisterBody } from '../../../contract/auth';
import { DAY_MS, WELCOME_BONUS } from '../../../contract/constants';
import { SHARED_ADDRESS_DAYS } from '../../../contract/operator-rules';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { users } from '../../db/schema';
import { unauthorized } from '../../lib/app-error';
import { type Client, networkOf } from '../../lib/client';
import { countDaily } from '../../lib/daily-totals';
import { lockNames } from '../../lib/named-locks';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { newReferralCode } from '../../lib/tokens';
import { emailTaken, isEmailTaken } from '../accounts/email-taken';
import * as repo from '../accounts/repository';
import { openSession } from '../accounts/sessions';
import { countAttempt, forgiveAttempt, knownSince, placeOf, tooMany } from '../accounts/sign-in-limits';
import { assertMaySignIn, isSuspended } from '../accounts/sign-in-rules';
import { awardAchievements } from '../earning/achievements';
import { earn, openEarning } from '../earning/earn';
import { refreshRisk } from '../risk/signals';
import { hasSecondFactor, openChallenge } from '../two-factor/challenges';
import type { OpenSession } from '../two-factor/sign-in';
import { sendLink } from './email-links';

const INVALID_LOGIN = 'Invalid email or password';

/** A new account: its welcome bonus, its first achievements and its first session, in the caller's transaction. */
export async function createAccount(
  tx: Executor,
  ctx: AppContext,
  values: Omit<typeof users.$inferInsert, 'referralCode' | 'createdAt'>,
  client: Client,
) {
  const now = ctx.clock.now();
  const user = await repo.insertUser(tx, { ...values, referralCode: newReferralCode(), createdAt: now });
  await countDaily(tx, now, user.id, { signups: 1 });
  await earn(await openEarning(tx, user.id), {
    amount: WELCOME_BONUS,
    reason: 'welcome_bonus',
    idempotencyKey: `welcome:${user.id}`,
    at: now,
  });
  if (!user.emailVerifiedAt) await sendLink(tx, ctx, 'verify_email', user);
  return startSession(tx, ctx, user.id, client, 'signup');
}

/**
 * Opens a session for a user who has just proved who they are; signing in can
 * unlock first_login. The user's row is locked and the break and suspension
 * rules checked under that lock, so one starting at the same moment cannot be
 * missed. Where it came from is kept for the fraud signals.
 */
export async function startSession(
  tx: Executor,
  ctx: AppContext,
  userId: string,
  client: Client,
  kind: 'signup' | 'signin' = 'signin',
  { secondFactor = false } = {},
) {
  const user = (await repo.lockUserRow(tx, userId))!;
  const now = ctx.clock.now();
  assertMaySignIn(user, now);
  // Staff never play, and a suspended member signs in only to see where they stand: nothing is unlocked.
  const plays = !user.staffRole && !isSuspended(user, now);
  const newAchievements = plays ? await awardAchievements(tx, userId, now, { signingIn: true }) : [];
  const token = await openSession(tx, ctx.clock, userId, client, secondFactor);
  const where = { network: networkOf(client.ip), deviceId: client.deviceId ?? null };
  const sharedSince = new Date(now.getTime() - SHARED_ADDRESS_DAYS * DAY_MS);
  // Sign-ins from one place wait for each other from here to their commit, so accounts made at
  // the same moment from one address or device still see, and name, each other.
  await lockNames(tx, `network:${where.network}`, ...(where.deviceId ? [`device:${where.deviceId}`] : []));
  const newPlace = !(await repo.signedInHereBefore(tx, userId, where, sharedSince));
  await repo.recordSignIn(tx, { userId, kind, at: now, ip: client.ip, ...where });
  // A new address or device may link this account to others, and theirs to it: only then are the
  // others scored again, so a member signing in from home costs one score, not one per neighbour.
  await refreshRisk(tx, userId, now, { andRelated: newPlace });
  // An achievement's reward changed the balances; otherwise the row read under the lock is current.
  return {
    token,
    user: newAchievements.length ? (await repo.findUserById(tx, userId))! : user,
    newAchievements,
  };
}

/** The session a right second factor opens (two-factor's sign-in steps take it from here). */
export const afterSecondFactor =
  (ctx: AppContext, client: Client): OpenSession<Awaited<ReturnType<typeof startSession>>> =>
  (tx, userId) =>
    startSession(tx, ctx, userId, client, 'signin', { secondFactor: true });

/**
 * What a right password (or provider) leads to: a session, or for an account
 * with a second factor, a challenge the session waits on (DESIGN §12). The
 * break and suspension rules are checked first either way, under the lock.
 */
export async function beginSignIn(tx: Executor, ctx: AppContext, userId: string, client: Client) {
  if (!(await hasSecondFactor(tx, userId))) return startSession(tx, ctx, userId, client);
  assertMaySignIn((await repo.lockUserRow(tx, userId))!, ctx.clock.now());
  return openChallenge(tx, ctx.clock, userId);
}

type Registration = Omit<RegisterBody, 'acceptTerms'>;
/** Creates the account, credits the welcome bonus, emails a verification link and opens a session, all or nothing. */
export async function register(ctx: AppContext, input: Registration, client: Client) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const referrer = input.referralCode
        ? await repo.findUserByReferralCode(tx, input.referralCode)
        : undefined;
      return createAccount(
        tx,
        ctx,
        { username: input.username, email: input.email, passwordHash, referredBy: referrer?.id },
        client,
      );
    });
  } catch (err) {
    if (isEmailTaken(err)) throw emailTaken();
    throw err;
  }
}

/**
 * Signs in. The attempt is counted before the password is checked (sign-in-limits.ts): per account
 * and address, and per account from everywhere (the ceiling on spread-out guessing); a success takes
 * it back, so only failed checks count. Past the ceiling, only an address or device that signed in
 * to the account in the last 30 days goes on, so guesses from many addresses cannot lock the owner
 * out; anyone else gets the same 429 before any hashing. The counting, the account and whether it
 * knows this place are read at once: one wait for the database, not three.
 */
export async function login(
  ctx: AppContext,
  credentials: { email: string; password: string },
  client: Client,
) {
  const { email, password } = credentials;
  const attempt = { email, client, ceiling: true };
  const [{ pastCeiling }, found] = await Promise.all([
    countAttempt(ctx, attempt),
    repo.findUserSigningIn(ctx.db, email, placeOf(client), knownSince(ctx)),
  ]);
  const known = found?.known === true;
  if (pastCeiling && !known) throw tooMany(ctx.limits.loginFailuresAccount);
  // An unknown email is checked against a stand-in, so it takes as long as a wrong password; the
  // owner's usual place goes ahead of the rest, so a crowd from new addresses does not hold them up.
  const checked = await verifyPassword(found?.user.passwordHash, password, { first: known });
  const right = found !== undefined && checked;
  // Past the ceiling even the owner's place hears the same 429 for a wrong password as anyone else.
  if (!right) throw pastCeiling ? tooMany(ctx.limits.loginFailuresAccount) : unauthorized(INVALID_LOGIN);
  // Only someone who knows the password learns that the account is on a break or suspended (startSession checks).
  return ctx.db.transaction(async (tx) => {
    const answer = await beginSignIn(tx, ctx, found.user.id, client);
    // A second factor still to give keeps the attempt counted until its code is right (two-factor/service.ts).
    if (!('twoFactorRequired' in answer)) await forgiveAttempt(tx, attempt);
    return answer;
  });
}
