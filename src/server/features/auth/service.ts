import type { RegisterBody } from '../../../contract/auth';
import { DAY_MS, MINUTE_MS, WELCOME_BONUS } from '../../../contract/constants';
import type { RateLimit } from '../../context';
import type { Db, Executor } from '../../db/client';
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
import { hashToken, newReferralCode, newToken } from '../../lib/tokens';
import { awardAchievements } from '../gamification/achievements';
import * as repo from './repository';

export const SESSION_DAYS = 30;
const INVALID_LOGIN = 'Invalid email or password';

async function openSession(db: Executor, userId: string, clock: Clock): Promise<string> {
  const token = newToken();
  await repo.insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(clock.now().getTime() + SESSION_DAYS * DAY_MS),
  });
  return token;
}

type Registration = Omit<RegisterBody, 'acceptTerms'>;

/** Creates the account, credits the welcome bonus and opens a session, all or nothing. */
export async function register(db: Db, clock: Clock, input: Registration) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const referrer = input.referralCode
        ? await repo.findUserByReferralCode(tx, input.referralCode)
        : undefined;
      const user = await repo.insertUser(tx, {
        username: input.username,
        email: input.email,
        passwordHash,
        referralCode: newReferralCode(),
        referredBy: referrer?.id,
        createdAt: clock.now(),
      });
      await credit(tx, {
        userId: user.id,
        amount: WELCOME_BONUS,
        reason: 'welcome_bonus',
        idempotencyKey: `welcome:${user.id}`,
        at: clock.now(),
      });
      const newAchievements = await awardAchievements(tx, user.id, clock.now(), { signingIn: true });
      const token = await openSession(tx, user.id, clock);
      return { token, user: (await repo.findUserById(tx, user.id))!, newAchievements };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (sqlState(err) === UNIQUE_VIOLATION && constraintName(err) === 'users_email_key') {
      throw conflict('An account with this email already exists', 'email_taken');
    }
    throw err;
  }
}

/**
 * Signs in. Failures are counted per account in the database, so guessing one
 * account's password is stopped however many addresses or instances it comes through.
 */
export async function login(db: Db, clock: Clock, limit: RateLimit, email: string, password: string) {
  const now = clock.now();
  const windowStart = new Date(now.getTime() - limit.timeWindow);
  if ((await repo.recentLoginFailures(db, email, windowStart)) >= limit.max) {
    throw new AppError(
      429,
      `Too many failed attempts. Please try again in ${Math.ceil(limit.timeWindow / MINUTE_MS)} minutes.`,
      'rate_limited',
    );
  }
  const user = await repo.findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await repo.recordLoginFailure(db, email, now, windowStart);
    throw unauthorized(INVALID_LOGIN);
  }
  await repo.clearLoginFailures(db, email);
  // Signing in is an achievement's trigger (first_login for accounts older than achievements).
  const newAchievements = await db.transaction((tx) =>
    awardAchievements(tx, user.id, now, { signingIn: true }),
  );
  const token = await openSession(db, user.id, clock);
  return {
    token,
    user: newAchievements.length ? (await repo.findUserById(db, user.id))! : user,
    newAchievements,
  };
}

export const logout = (db: Db, token: string) => repo.deleteSession(db, hashToken(token));

export const userForToken = (db: Db, clock: Clock, token: string) =>
  repo.findSessionUser(db, hashToken(token), clock.now());

/**
 * Makes sure the configured admin exists, is an admin and signs in with
 * ADMIN_PASSWORD. An account someone else registered with that email first is
 * taken over: its password is replaced and its sessions are ended.
 */
export async function ensureAdmin(db: Db, clock: Clock, admin: { email: string; password: string }) {
  const existing = await repo.findUserByEmail(db, admin.email);
  if (existing) {
    const passwordOk = await verifyPassword(existing.passwordHash, admin.password);
    if (existing.isAdmin && passwordOk) return { created: false };
    await db.transaction(async (tx) => {
      await repo.makeAdmin(tx, existing.id, passwordOk ? undefined : await hashPassword(admin.password));
      if (!passwordOk) await repo.deleteUserSessions(tx, existing.id);
    });
    return { created: false };
  }
  await repo.insertUser(db, {
    username: 'Admin',
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
    isAdmin: true,
    referralCode: newReferralCode(),
    createdAt: clock.now(),
  });
  return { created: true };
}
