import { DAY_MS, MINUTE_MS } from '../../../contract/constants';
import type { Db, Executor } from '../../db/client';
import type { Identify } from '../../lib/acting-member';
import type { Client } from '../../lib/client';
import type { Clock } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/tokens';
import * as repo from './repository';
import { endedBecause, restriction, signInRefusal } from './sign-in-rules';

export const SESSION_DAYS = 30;
/** "Last used" on the account page is this precise: most requests then read a session without writing it. */
const TOUCH_EVERY_MS = 5 * MINUTE_MS;

export async function openSession(
  db: Executor,
  clock: Clock,
  userId: string,
  client: Client,
  /** Whether signing in gave a second factor (DESIGN §12). */
  secondFactor = false,
) {
  const token = newToken();
  const now = clock.now();
  await repo.insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS),
    createdAt: now,
    lastUsedAt: now,
    userAgent: client.userAgent?.slice(0, 500),
    ip: client.ip,
    deviceId: client.deviceId ?? null,
    secondFactorAt: secondFactor ? now : null,
  });
  return token;
}

/**
 * The user a bearer token signs in, noting when the session was last used; or,
 * for a member who may not be signed in now, why (`refusal`). A session a
 * suspension ended still says why, until the daily clean-up removes it; one opened
 * while suspended is restricted (`restriction`).
 */
export async function memberForToken(db: Db, clock: Clock, token: string): ReturnType<Identify> {
  const now = clock.now();
  const tokenHash = hashToken(token);
  const session = await repo.findSession(db, tokenHash, now);
  if (!session) {
    const ended = await repo.findEndedSessionUser(db, tokenHash);
    const refusal = ended && endedBecause(ended, now);
    return refusal ? { refusal } : {};
  }
  const refusal = signInRefusal(session.user, now);
  if (refusal) return refusal.status === 403 ? { refusal } : {};
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS)
    await repo.touchSession(db, tokenHash, now);
  return {
    member: session.user,
    session: { signedInAt: session.signedInAt, secondFactorAt: session.secondFactorAt },
    // A suspended member's session is restricted: the guards let only some calls through (§19).
    restriction: restriction(session.user, now) ?? undefined,
  };
}

/** Ends every session of a member at once (a suspension): each still says why when used again. */
export const endSessions = (db: Executor, userId: string, now: Date) =>
  repo.expireUserSessions(db, userId, now);

export const logout = (db: Db, token: string) => repo.deleteSession(db, hashToken(token));
