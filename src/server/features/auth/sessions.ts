import { DAY_MS, MINUTE_MS } from '../../../contract/constants';
import type { Db, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/tokens';
import * as repo from './repository';
import { signInRefusal } from './sign-in-rules';

export const SESSION_DAYS = 30;
/** "Last used" on the account page is this precise: most requests then read a session without writing it. */
const TOUCH_EVERY_MS = 5 * MINUTE_MS;

export async function openSession(db: Executor, clock: Clock, userId: string, userAgent?: string) {
  const token = newToken();
  const now = clock.now();
  await repo.insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS),
    createdAt: now,
    lastUsedAt: now,
    userAgent: userAgent?.slice(0, 500),
  });
  return token;
}

/** The user a bearer token signs in, noting when the session was last used. */
export async function userForToken(db: Db, clock: Clock, token: string) {
  const now = clock.now();
  const tokenHash = hashToken(token);
  const session = await repo.findSession(db, tokenHash, now);
  if (!session || signInRefusal(session.user, now)) return undefined;
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS)
    await repo.touchSession(db, tokenHash, now);
  return session.user;
}

export const logout = (db: Db, token: string) => repo.deleteSession(db, hashToken(token));
