import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret behind a prize's draw: 32 random bytes, kept private until the
 * draw, and the sha256 of those bytes, published from the moment the prize
 * opens so nobody (not even us) can change the seed afterwards.
 */
export function newDrawSeed(): { seed: string; commitment: string } {
  const bytes = randomBytes(32);
  return { seed: bytes.toString('hex'), commitment: createHash('sha256').update(bytes).digest('hex') };
}
