import { describe, expect, it } from 'vitest';
import { QUICKNET_ROUND_123 } from '../../tests/helpers/draw-vectors';
import {
  checkBeacon,
  QUICKNET,
  ROUND_MARGIN_SECONDS,
  randomnessOf,
  roundAt,
  roundTime,
  signatureValid,
} from './beacon';

const round123 = QUICKNET_ROUND_123.signature;

describe('the drand beacon', () => {
  it('accepts a real quicknet round and nothing else', async () => {
    expect(await signatureValid(QUICKNET.publicKey, 123, round123)).toBe(true);
    expect(await signatureValid(QUICKNET.publicKey, 124, round123)).toBe(false);
    const flipped = round123.slice(0, -2) + (round123.endsWith('92') ? '93' : '92');
    expect(await signatureValid(QUICKNET.publicKey, 123, flipped)).toBe(false);
    expect(await signatureValid(QUICKNET.publicKey, 123, 'not hex')).toBe(false);
    expect(await signatureValid('ab'.repeat(96), 123, round123)).toBe(false);
  });

  it('takes the randomness as sha256 of the signature, and trusts only quicknet’s own key and clock', async () => {
    const randomness = await randomnessOf(round123);
    const published = (QUICKNET.genesis + 122 * QUICKNET.period) * 1000;
    const frozen = new Date(published - ROUND_MARGIN_SECONDS * 1000);
    const round = { ...QUICKNET, round: 123, randomness, signature: round123 };
    expect(await checkBeacon(round, frozen)).toEqual({
      network: 'drand quicknet',
      signatureMatches: true,
      randomnessMatches: true,
      roundAfterSnapshot: true,
    });
    expect((await checkBeacon(round, new Date(frozen.getTime() + 1000))).roundAfterSnapshot).toBe(false);
    const otherKey = await checkBeacon(
      { ...round, publicKey: `${QUICKNET.publicKey.slice(0, -2)}00` },
      frozen,
    );
    expect(otherKey).toMatchObject({ network: null, signatureMatches: false, roundAfterSnapshot: false });
  });

  it('finds the first round at or after a moment', () => {
    const chain = { genesis: 1000, period: 3 };
    expect(roundAt(chain, new Date(0))).toBe(1);
    expect(roundAt(chain, new Date(1_000_000))).toBe(1);
    expect(roundAt(chain, new Date(1_000_001))).toBe(2);
    expect(roundAt(chain, new Date(1_003_000))).toBe(2);
    expect(roundAt(chain, new Date(1_003_001))).toBe(3);
    for (const ms of [1_000_500, 1_007_999, 1_234_567]) {
      const round = roundAt(chain, new Date(ms));
      expect(roundTime(chain, round).getTime()).toBeGreaterThanOrEqual(ms);
      expect(roundTime(chain, round - 1).getTime()).toBeLessThan(ms);
    }
  });
});
