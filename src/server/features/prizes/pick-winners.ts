import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { hexToBytes } from '../../../shared/bytes';
import type { Participant } from '../../../shared/draw';

const TWO_POW_52 = 2 ** 52;

interface Ranked {
  id: string;
  key: number;
}

/** Whether `a` wins over `b`: the larger key, ties to the smaller id (DESIGN §4). */
const beats = (a: Ranked, b: Ranked) => a.key > b.key || (a.key === b.key && a.id < b.id);

/**
 * The DESIGN draw, bit for bit the same as src/shared/draw.ts pickWinners (the
 * test holds them together), made for a million participants on the server:
 * one synchronous HMAC each with Node's crypto, the 52 bits read as a plain
 * number, and only the `count` best kept as participants are added, a page at
 * a time, so nothing is sorted and nothing is kept that is not winning.
 */
export class WinnerPicker {
  private readonly key: KeyObject;
  private readonly prefix: string;
  private readonly count: number;
  private readonly best: Ranked[] = [];

  constructor(keyHex: string, snapshot: string, wanted: number) {
    this.key = createSecretKey(hexToBytes(keyHex));
    this.prefix = `${snapshot}:`;
    // As slice() in the shared code: whole winners only, and none for nothing.
    this.count = Math.max(0, Math.floor(wanted) || 0);
  }

  add(participants: Iterable<Participant>) {
    const { key, prefix, count, best } = this;
    if (count === 0) return;
    for (const p of participants) {
      // As the shared code: only a positive number of entries takes part.
      if (!(p.entries > 0)) continue;
      const h = createHmac('sha256', key)
        .update(prefix + p._id)
        .digest();
      // The first 52 bits, big-endian: six whole bytes and the top half of the seventh.
      const bits =
        h[0]! * 2 ** 44 +
        h[1]! * 2 ** 36 +
        h[2]! * 2 ** 28 +
        h[3]! * 2 ** 20 +
        h[4]! * 2 ** 12 +
        h[5]! * 16 +
        (h[6]! >> 4);
      const ranked = { id: p._id, key: Math.log((bits + 0.5) / TWO_POW_52) / p.entries };
      if (best.length === count && !beats(ranked, best[count - 1]!)) continue;
      let i = Math.min(best.length, count - 1);
      while (i > 0 && beats(ranked, best[i - 1]!)) i--;
      best.splice(i, 0, ranked);
      if (best.length > count) best.pop();
    }
  }

  /** The ids of the winners so far, first drawn first. */
  winners() {
    return this.best.map((r) => r.id);
  }
}

export function pickWinners(
  keyHex: string,
  snapshot: string,
  participants: Iterable<Participant>,
  wanted: number,
) {
  const picker = new WinnerPicker(keyHex, snapshot, wanted);
  picker.add(participants);
  return picker.winners();
}

/** The same draw over participants arriving in pages, each page dealt with while the next one is fetched. */
export async function pickWinnersFrom(
  keyHex: string,
  snapshot: string,
  pages: AsyncIterable<Iterable<Participant>>,
  wanted: number,
) {
  const picker = new WinnerPicker(keyHex, snapshot, wanted);
  for await (const page of pages) picker.add(page);
  return picker.winners();
}
