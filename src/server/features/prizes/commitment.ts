import { createHash, randomBytes } from 'node:crypto';
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
 * The beacon round a prize expects: the first after its entries close (or
 * after now, for an end date already past), so its randomness is unknown to
 * everyone while they are open. Freezing the entries confirms it, or moves it
 * later if the freeze comes late (draw.ts, freezeSnapshot).
 */
export const roundFor = (beacon: DrawBeacon, endDate: Date, now: Date) =>
  beacon.roundAfter(new Date(Math.max(endDate.getTime(), now.getTime())));

/** What a prize fixes as it goes live: its seed, the seed's commitment and, with a beacon, its round. */
export async function commitDraw(beacon: DrawBeacon | undefined, endDate: Date, now: Date) {
  return { ...newDrawSeed(), beacon: beacon ? await roundFor(beacon, endDate, now) : null };
}
