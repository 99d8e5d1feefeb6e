import { createHash, createHmac, randomBytes } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DESIGN_VECTOR, QUICKNET_ROUND_123 } from '../../tests/helpers/draw-vectors';
import { QUICKNET, ROUND_MARGIN_SECONDS, randomnessOf, roundMessage } from './beacon';
import { bytesToHex } from './bytes';
import { commitmentFor, drawKeyFor, snapshotHash, snapshotText, verifyDraw } from './draw';
import { drawKeys, pickWinners } from './draw-keys';

const { seed: vectorSeed, participants: vectorParticipants } = DESIGN_VECTOR;

/** DESIGN §4 read as plainly as it is written: BigInt for the 52 bits, every key sorted. */
function plainDraw(
  keyHex: string,
  snapshot: string,
  people: Array<{ _id: string; entries: number }>,
  count: number,
) {
  return people
    .filter((p) => p.entries > 0)
    .map((p) => {
      const h = createHmac('sha256', Buffer.from(keyHex, 'hex')).update(`${snapshot}:${p._id}`).digest();
      const u = (Number(BigInt(`0x${h.subarray(0, 7).toString('hex')}`) >> 4n) + 0.5) / 2 ** 52;
      return { _id: p._id, key: Math.log(u) / p.entries };
    })
    .sort((a, b) => b.key - a.key || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
    .slice(0, count)
    .map((k) => k._id);
}

const people = (n: number, entries: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({ _id: randomBytes(8).toString('hex'), entries: entries(i) }));

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
  it('matches DESIGN’s test vector', async () => {
    const keys = await drawKeys(vectorSeed, 'abc', vectorParticipants);
    expect(keys.map((k) => k.key)).toEqual([-1.4611259618888788, -0.004310979323262426, -1.1026893387425056]);
    expect(await pickWinners(vectorSeed, 'abc', vectorParticipants, 2)).toEqual(['u2', 'u3']);
  });

  it('matches the beacon test vector: the same draw keyed with drand quicknet round 123', async () => {
    // docs/decisions/006: randomness = sha256(round 123's signature); drawKey = sha256(seed ‖ randomness).
    const { randomness } = QUICKNET_ROUND_123;
    const key = await drawKeyFor(vectorSeed, randomness);
    expect(key).toBe(QUICKNET_ROUND_123.drawKey);
    expect((await drawKeys(key, 'abc', vectorParticipants)).map((k) => k.key)).toEqual([
      -0.051026322533937185, -0.11619063074283756, -0.2022588297660186,
    ]);
    expect(await pickWinners(key, 'abc', vectorParticipants, 2)).toEqual(['u1', 'u2']);
    expect(await drawKeyFor(vectorSeed)).toBe(vectorSeed);
  });

  it('builds the snapshot sorted by _id and hashes it with sha256', async () => {
    const people = [
      { _id: 'b', entries: 2 },
      { _id: 'a', entries: 10 },
    ];
    expect(snapshotText(people)).toBe('a:10\nb:2\n');
    expect(await snapshotHash(people)).toBe(createHash('sha256').update('a:10\nb:2\n').digest('hex'));
  });

  it('commits to the seed bytes, not the hex text', async () => {
    const seed = randomBytes(32);
    expect(await commitmentFor(seed.toString('hex'))).toBe(createHash('sha256').update(seed).digest('hex'));
  });

  it('picks distinct winners, never more than asked or than there are people, whatever the entries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.record({ _id: fc.uuid(), entries: fc.integer({ min: 1, max: 1000 }) }), {
          selector: (p) => p._id,
          maxLength: 30,
        }),
        fc.integer({ min: 1, max: 10 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        async (people, count, seedBytes) => {
          const seed = Buffer.from(seedBytes).toString('hex');
          const snapshot = await snapshotHash(people);
          const winners = await pickWinners(seed, snapshot, people, count);
          expect(new Set(winners).size).toBe(winners.length);
          expect(winners.length).toBe(Math.min(count, people.length));
          // The order people are listed in makes no difference.
          expect(await pickWinners(seed, snapshot, [...people].reverse(), count)).toEqual(winners);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('gives each person a chance in proportion to their entries', async () => {
    const people = [
      { _id: 'a', entries: 1 },
      { _id: 'b', entries: 2 },
      { _id: 'c', entries: 3 },
      { _id: 'd', entries: 4 },
    ];
    const wins: Record<string, number> = { a: 0, b: 0, c: 0, d: 0 };
    const draws = 4000;
    for (let i = 0; i < draws; i++) {
      const [winner] = await pickWinners(randomBytes(32).toString('hex'), `run-${i}`, people, 1);
      wins[winner!]!++;
    }
    // Expected shares 10%, 20%, 30%, 40%; 4000 draws put each within about ±2.5 points at 3 sigma.
    for (const p of people) expect(Math.abs(wins[p._id]! / draws - p.entries / 10)).toBeLessThan(0.03);
  });

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

  it('keeps only the best keys yet picks exactly what sorting every key picks, ties included', async () => {
    const seed = randomBytes(32).toString('hex');
    const crowd = people(10_000, (i) => 1 + (i % 7));
    for (const count of [1, 3, 100, 20_000]) {
      expect(await pickWinners(seed, 'crowd', crowd, count)).toEqual(plainDraw(seed, 'crowd', crowd, count));
    }
    // Infinite entries make each of those keys 0, a tie the smaller _id must break as the sort does;
    // the largest finite number makes keys among the smallest doubles.
    const tied = people(3_000, (i) => (i % 3 === 0 ? Number.MAX_VALUE : i % 3 === 1 ? Infinity : 2));
    for (const count of [5, 1_500, 3_000]) {
      expect(await pickWinners(seed, 'tied', tied, count)).toEqual(plainDraw(seed, 'tied', tied, count));
    }
    const allTied = people(50, () => Infinity);
    expect(await pickWinners(seed, 'all', allTied, 4)).toEqual(
      allTied
        .map((p) => p._id)
        .sort()
        .slice(0, 4),
    );
    // Only whole winners, and none for nothing, as the server's draw.
    expect(await pickWinners(seed, 'crowd', crowd, 2.7)).toEqual(plainDraw(seed, 'crowd', crowd, 2));
    expect(await pickWinners(seed, 'crowd', crowd, 0)).toEqual([]);
    expect(await pickWinners(seed, 'crowd', crowd, -1)).toEqual([]);
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

  it('stops between chunks once the page that asked has gone', async () => {
    const participants = people(10_000, () => 1);
    const controller = new AbortController();
    const check = pickWinners(vectorSeed, 'gone', participants, 1, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(check).rejects.toThrow(/abort/i);
  });
});
