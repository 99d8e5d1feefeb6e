import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commitmentFor, snapshotHash, verifyDraw } from './draw';
import { pickWinners } from './draw-keys';

const seed = randomBytes(32).toString('hex');
const participants = Array.from({ length: 12 }, (_, i) => ({
  _id: `p${String(i).padStart(2, '0')}`,
  entries: (i % 4) + 1,
  username: `P${i}`,
}));

async function proofWith(
  replacements: (
    ranking: string[],
  ) => Array<{ place: number; from: string; to: string | null; reason: string; skipped: string[] }>,
) {
  const hash = await snapshotHash(participants);
  const ranking = await pickWinners(seed, hash, participants, participants.length);
  return {
    ranking,
    proof: {
      commitment: await commitmentFor(seed),
      seed,
      snapshotHash: hash,
      participants,
      winners: ranking.slice(0, 2),
      totalWinners: 2,
      snapshotAt: '2026-11-27T20:00:00.000Z',
      beacon: null,
      replacements: replacements(ranking),
    },
  };
}

describe('places passed on after a draw', () => {
  it('verify when each goes to the next in the ranking after those passed over, place by place', async () => {
    const { proof } = await proofWith((r) => [
      { place: 2, from: r[1]!, to: r[2]!, reason: 'disqualified', skipped: [] },
      // The new winner of place 2 does not claim; the next one is passed over (suspended), then the one after wins.
      { place: 2, from: r[2]!, to: r[4]!, reason: 'unclaimed', skipped: [r[3]!] },
      { place: 1, from: r[0]!, to: r[5]!, reason: 'disqualified', skipped: [] },
    ]);
    const result = await verifyDraw(proof);
    expect(result.verified).toBe(true);
    expect(result.replacements.map((r) => r.matches)).toEqual([true, true, true]);
  });

  it('fail a replacement that jumps the queue, takes a place from someone who did not hold it, or hides who was passed over', async () => {
    for (const [why, make] of [
      [
        'jumps the queue',
        (r: string[]) => [{ place: 2, from: r[1]!, to: r[3]!, reason: 'disqualified', skipped: [] }],
      ],
      [
        'wrong holder',
        (r: string[]) => [{ place: 1, from: r[1]!, to: r[2]!, reason: 'disqualified', skipped: [] }],
      ],
      [
        'passes over someone out of order',
        (r: string[]) => [{ place: 2, from: r[1]!, to: r[3]!, reason: 'disqualified', skipped: [r[4]!] }],
      ],
      [
        'a winner of the draw again',
        (r: string[]) => [{ place: 2, from: r[1]!, to: r[0]!, reason: 'disqualified', skipped: [] }],
      ],
    ] as const) {
      const { proof } = await proofWith(make);
      const result = await verifyDraw(proof);
      expect(result.verified, why).toBe(false);
      expect(result.verdict, why).toBe('mismatch');
      expect(result.replacements[0]!.matches, why).toBe(false);
    }
  });

  it('leave a place empty only when everyone left was passed over', async () => {
    const everyoneLeft = (r: string[]) => [
      { place: 1, from: r[0]!, to: null, reason: 'unclaimed', skipped: r.slice(2) },
    ];
    expect((await verifyDraw((await proofWith(everyoneLeft)).proof)).verified).toBe(true);
    const someoneMissing = (r: string[]) => [
      { place: 1, from: r[0]!, to: null, reason: 'unclaimed', skipped: r.slice(2, -1) },
    ];
    expect((await verifyDraw((await proofWith(someoneMissing)).proof)).verified).toBe(false);
  });
});
