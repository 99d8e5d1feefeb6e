import { createHmac, randomBytes } from 'node:crypto';
import { DESIGN_VECTOR } from '../../tests/helpers/draw-vectors';

// What the draw algorithm's tests share: DESIGN's test vector, the draw read plainly, and crowds to draw from.

export const { seed: vectorSeed, participants: vectorParticipants } = DESIGN_VECTOR;

/** DESIGN §4 read as plainly as it is written: BigInt for the 52 bits, every key sorted. */
export function plainDraw(
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

export const people = (n: number, entries: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({ _id: randomBytes(8).toString('hex'), entries: entries(i) }));
