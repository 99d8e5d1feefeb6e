import type { RegisterBody } from '../../../contract/auth';
import { MINUTE_MS, WELCOME_BONUS } from '../../../contract/constants';
import type { AppContext } from '../../context';
import type { Db, Executor } from '../../db/client';
import type { users } from '../../db/schema';
import {
  AppError,
  conflict,
  constraintName,
  sqlState,
  UNIQUE_VIOLATION,
  unauthorized,
} from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { credit } from '../../lib/ledger';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { newReferralCode } from '../../lib/tokens';
import type { RateLimit } from '../../rate-limits';
import { awardAchievements } from '../gamification/achievements';
import { sendLink } from './email-links';
import * as repo from './repository';
import { openSession } from './sessions';
import { assertMaySignIn } from './sign-in-rules';

const INVALID_LOGIN = 'Invalid email or password';

/** A new account: its welcome bonus, its first achievements and its first session, in the caller's transaction. */
export async function createAccount(
  tx: Executor,
  ctx: AppContext,
  values: Omit<typeof users.$inferInsert, 'referralCode' | 'createdAt'>,
  userAgent?: string,
) {
  const now = ctx.clock.now();
  const user = await repo.insertUser(tx, { ...values, referralCode: newReferralCode(), createdAt: now });
  await credit(tx, {
    userId: user.id,
    amount: WELCOME_BONUS,
    reason: 'welcome_bonus',
    idempotencyKey: `welcome:${user.id}`,
    at: now,
  });
  if (!user.emailVerifiedAt) await sendLink(tx, ctx, 'verify_email', user);
  return startSession(tx, ctx, user.id, userAgent);
}

/**
 * Opens a session for a user who has just proved who they are; signing in can
 * unlock first_login. The user's row is locked and the break rule checked
 * under that lock, so a break or deletion at the same moment cannot be missed.
 */
export async function startSession(tx: Executor, ctx: AppContext, userId: string, userAgent?: string) {
  const user = (await repo.lockUserRow(tx, userId))!;
  assertMaySignIn(user, ctx.clock.now());
  const newAchievements = await awardAchievements(tx, userId, ctx.clock.now(), { signingIn: true });
  const token = await openSession(tx, ctx.clock, userId, userAgent);
  // An achievement's reward changed the balances; otherwise the row read under the lock is current.
  return {
    token,
    user: newAchievements.length ? (await repo.findUserById(tx, userId))! : user,
    newAchievements,
  };
}

export const emailTaken = () => conflict('An account with this email already exists', 'email_taken');
/** Whether a database error is a second account claiming an address already in use. */
export const isEmailTaken = (err: unknown) =>
  sqlState(err) === UNIQUE_VIOLATION && constraintName(err) === 'users_email_key';

type Registration = Omit<RegisterBody, 'acceptTerms'>;
/** Creates the account, credits the welcome bonus, emails a verification link and opens a session, all or nothing. */
export async function register(ctx: AppContext, input: Registration, userAgent?: string) {
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
        userAgent,
      );
    });
  } catch (err) {
    if (isEmailTaken(err)) throw emailTaken();
    throw err;
  }
}

const tooMany = (limit: RateLimit) =>
  new AppError(
    429,
    `Too many failed attempts. Please try again in ${Math.ceil(limit.timeWindow / MINUTE_MS)} minutes.`,
    'rate_limited',
  );

/**
 * Signs in. Each attempt is counted before the password is checked, in one
 * statement per counter, so parallel guesses cannot slip past the limit: per
 * account and address (one address guessing cannot lock the owner out from
 * another) and per account from everywhere (the ceiling on spread-out
 * guessing). A success takes its attempt back.
 */
export async function login(
  ctx: AppContext,
  credentials: { email: string; password: string },
  client: { address: string; userAgent?: string },
) {
  const { db, clock, limits } = ctx;
  const { email, password } = credentials;
  const now = clock.now();
  const count = async (address: string, limit: RateLimit) => {
    const since = new Date(now.getTime() - limit.timeWindow);
    if ((await repo.countLoginAttempt(db, { email, address }, now, since)) > limit.max) throw tooMany(limit);
  };
  await count(client.address, limits.loginFailures);
  await count(repo.ANY_ADDRESS, limits.loginFailuresAccount);

  const user = await repo.findUserByEmail(db, email);
  if (!user || !(await verifyPassword(user.passwordHash, password))) throw unauthorized(INVALID_LOGIN);
  await repo.forgiveLoginAttempt(db, email, client.address);
  // Only someone who knows the password learns that the account is on a break (startSession checks).
  return db.transaction((tx) => startSession(tx, ctx, user.id, client.userAgent));
}

/**
 * Makes sure the configured admin exists, is an admin and signs in with
 * ADMIN_PASSWORD. An account someone else registered with that email first is
 * taken over: its password is replaced and its sessions are ended. The
 * operator vouches for the address, so it counts as verified.
 */
export async function ensureAdmin(db: Db, clock: Clock, admin: { email: string; password: string }) {
  const existing = await repo.findUserByEmail(db, admin.email);
  if (existing) {
    const passwordOk = await verifyPassword(existing.passwordHash, admin.password);
    if (existing.isAdmin && passwordOk && existing.emailVerifiedAt) return { created: false };
    await db.transaction(async (tx) => {
      await repo.updateUser(tx, existing.id, {
        isAdmin: true,
        emailVerifiedAt: existing.emailVerifiedAt ?? clock.now(),
        ...(!passwordOk && { passwordHash: await hashPassword(admin.password) }),
      });
      if (!passwordOk) await repo.deleteUserSessions(tx, existing.id);
    });
    return { created: false };
  }
  await repo.insertUser(db, {
    username: 'Admin',
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
    isAdmin: true,
    emailVerifiedAt: clock.now(),
    referralCode: newReferralCode(),
    createdAt: clock.now(),
  });
  return { created: true };
}
