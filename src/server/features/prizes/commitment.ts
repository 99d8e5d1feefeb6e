import { createHash, randomBytes } from 'node:crypto';
import type { FixedRound } from '../../../shared/beacon';
import type { DrawBeacon } from './beacon';

/**
 * The secret behind a prize's draw: 32 random bytes, kept private until the
 * draw, and the sha256 of those bytes, published from the moment the prize
 * opens so nobody (not even us) can change the seed afterwards.
 */
export function newDrawSeed(): { seed: string; commitment: string } {
  const bytes = randomBytes(32);
  return { seed: bytes.toString('hex'), commitment: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * The beacon round a prize will be drawn with: the first published once entries
 * close, so its randomness is unknown to everyone while they are open. An end
 * date already past closes entries now, so the round then comes after now.
 */
export async function roundFor(beacon: DrawBeacon, endDate: Date, now: Date): Promise<FixedRound> {
  return beacon.roundAt(new Date(Math.max(endDate.getTime(), now.getTime())));
}

/** What a prize fixes as it goes live: its seed, the seed's commitment and, with a beacon, its round. */
export async function commitDraw(beacon: DrawBeacon | undefined, endDate: Date, now: Date) {
  return { ...newDrawSeed(), beacon: beacon ? await roundFor(beacon, endDate, now) : null };
}
