import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUICKNET_ROUND_123 } from '../../tests/helpers/draw-vectors';
import { commitmentFor, drawKeyFor, snapshotHash, snapshotText } from './draw';
import { drawKeys, pickWinners } from './draw-keys';
import { people, plainDraw, vectorParticipants, vectorSeed } from './draw-test-setup';

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
