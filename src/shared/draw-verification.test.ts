import { randomBytes } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { describe, expect, it } from 'vitest';
import { QUICKNET_ROUND_123 } from '../../tests/helpers/draw-vectors';
import { QUICKNET, ROUND_MARGIN_SECONDS, randomnessOf, roundMessage } from './beacon';
import { bytesToHex } from './bytes';
import { commitmentFor, drawKeyFor, snapshotHash, verifyDraw } from './draw';
import { pickWinners } from './draw-keys';
import { people, plainDraw, vectorSeed } from './draw-test-setup';

/** A seed-only proof of a draw, its winners as `draw` picks them from the snapshot's hash. */
async function honestProof(
  seed: string,
  participants: Array<{ _id: string; entries: number; username: string }>,
  totalWinners: number,
  draw: (hash: string) => Promise<string[]>,
) {
  const hash = await snapshotHash(participants);
  return {
    commitment: await commitmentFor(seed),
    seed,
    snapshotHash: hash,
    participants,
    winners: await draw(hash),
    totalWinners,
    snapshotAt: '2026-11-27T20:00:00.000Z',
    beacon: null,
  };
}

describe('the draw algorithm', () => {
  it('verifies an honest proof and pinpoints a tampered one', async () => {
    const seed = randomBytes(32).toString('hex');
    const participants = [
      { _id: 'p1', entries: 3, username: 'A***e' },
      { _id: 'p2', entries: 9, username: 'B**b' },
      { _id: 'p3', entries: 1, username: 'Cy' },
    ];
    const proof = await honestProof(seed, participants, 2, (hash) =>
      pickWinners(seed, hash, participants, 2),
    );
    expect((await verifyDraw(proof)).verified).toBe(true);
    const swapped = await verifyDraw({ ...proof, winners: [...proof.winners].reverse() });
    expect(swapped).toMatchObject({ verified: false, winnersMatch: false, commitmentMatches: true });
    const otherSeed = await verifyDraw({ ...proof, seed: randomBytes(32).toString('hex') });
    expect(otherSeed.commitmentMatches).toBe(false);
    const padded = await verifyDraw({
      ...proof,
      participants: participants.map((p) => ({ ...p, entries: p.entries + 1 })),
    });
    expect(padded.snapshotMatches).toBe(false);
  });

  it('checks a beacon draw’s round and rejects a proof that swaps the round, its randomness or its chain', async () => {
    const { signature, randomness } = QUICKNET_ROUND_123;
    const beacon = { ...QUICKNET, round: 123, signature, randomness };
    // Round 123 is published at genesis + 122 × 3 s; the entries were frozen the margin before.
    const published = (QUICKNET.genesis + 122 * QUICKNET.period) * 1000;
    const participants = Array.from({ length: 10 }, (_, i) => ({
      _id: `p${i}`,
      entries: i + 1,
      username: `P${i}`,
    }));
    const hash = await snapshotHash(participants);
    const real = {
      commitment: await commitmentFor(vectorSeed),
      seed: vectorSeed,
      snapshotHash: hash,
      participants,
      winners: await pickWinners(await drawKeyFor(vectorSeed, beacon.randomness), hash, participants, 3),
      totalWinners: 3,
      snapshotAt: new Date(published - ROUND_MARGIN_SECONDS * 1000).toISOString(),
      beacon,
    };
    expect(await verifyDraw(real)).toMatchObject({
      verified: true,
      beacon: {
        network: 'drand quicknet',
        signatureMatches: true,
        randomnessMatches: true,
        roundAfterSnapshot: true,
      },
    });
    expect(await verifyDraw({ ...real, beacon: { ...beacon, round: 124 } })).toMatchObject({
      verified: false,
      beacon: { signatureMatches: false },
    });
    const otherRandomness = await verifyDraw({ ...real, beacon: { ...beacon, randomness: '00'.repeat(32) } });
    expect(otherRandomness).toMatchObject({ verified: false, beacon: { randomnessMatches: false } });
    // A round already out when the entries were frozen could have been chosen to suit.
    const late = await verifyDraw({ ...real, snapshotAt: new Date(published - 1000).toISOString() });
    expect(late).toMatchObject({
      verified: false,
      winnersMatch: true,
      beacon: { roundAfterSnapshot: false },
    });
    // Without the beacon the same seed gives other winners: the seed alone does not decide a beacon draw.
    expect((await verifyDraw({ ...real, beacon: null })).winnersMatch).toBe(false);
  });

  it('never trusts a chain the proof brings with it, however well it is signed', async () => {
    const bls = bls12_381.shortSignatures;
    const { secretKey, publicKey } = bls.keygen();
    const round = 5;
    const signature = bytesToHex(bls.sign(bls.hash(await roundMessage(round)), secretKey).toBytes());
    const beacon = {
      network: 'drand quicknet',
      chainHash: 'ab'.repeat(32),
      publicKey: publicKey.toHex(),
      round,
      signature,
      randomness: await randomnessOf(signature),
    };
    const participants = [{ _id: 'p1', entries: 1, username: 'P1' }];
    const hash = await snapshotHash(participants);
    const result = await verifyDraw({
      commitment: await commitmentFor(vectorSeed),
      seed: vectorSeed,
      snapshotHash: hash,
      participants,
      winners: ['p1'],
      totalWinners: 1,
      snapshotAt: new Date(0).toISOString(),
      beacon,
    });
    expect(result).toMatchObject({ verified: false, beacon: { network: null, signatureMatches: true } });
  });

  it('checks a large draw in chunks, its progress rising to 1, the event loop running in between', async () => {
    const seed = randomBytes(32).toString('hex');
    const participants = people(10_000, (i) => 1 + (i % 20)).map((p) => ({ ...p, username: 'P***' }));
    const proof = await honestProof(seed, participants, 3, async (hash) =>
      plainDraw(seed, hash, participants, 3),
    );
    const progress: Array<{ fraction: number; timerRan: boolean }> = [];
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    const result = await verifyDraw(proof, {
      onProgress: (fraction) => progress.push({ fraction, timerRan }),
    });
    expect(result.verified).toBe(true);
    const fractions = progress.map((p) => p.fraction);
    expect(fractions.length).toBeGreaterThan(3);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    // A timer set before the check got its turn while the check was still under way.
    expect(progress.some((p) => p.timerRan && p.fraction < 1)).toBe(true);
  });
});
