import { MINUTE_MS } from '../../../contract/constants';
import { CHALLENGE_MINUTES } from '../../../contract/two-factor';
import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/tokens';
import * as repo from './repository';

export { hasSecondFactor, removeSecondFactors as removeSecondFactor } from './repository';

/** A challenge for a sign-in whose password (or provider) was right; the session waits for its code. */
export async function openChallenge(tx: Executor, clock: Clock, userId: string) {
  const token = newToken();
  const now = clock.now();
  await repo.insertChallenge(tx, {
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * MINUTE_MS),
  });
  return { twoFactorRequired: true as const, challenge: token };
}
