import { hexToBytes } from '../../../shared/bytes';
import { Best, keyFromBits, type Participant, takesPart } from '../../../shared/draw-keys';
import { PrefixedHmac } from './prefixed-hmac';

/**
 * The DESIGN draw for a million participants on the server: the shared code's
 * key and choice of the best (src/shared/draw-keys.ts), with each HMAC computed
 * synchronously from the key's and the snapshot hash's precomputed blocks instead
 * of WebCrypto's promises, and participants added a page at a time, so nothing
 * is kept that is not winning.
 */
export class WinnerPicker {
  private readonly hmac: PrefixedHmac;
  private readonly best: Best;

  constructor(keyHex: string, snapshot: string, wanted: number) {
    this.hmac = new PrefixedHmac(hexToBytes(keyHex), `${snapshot}:`);
    this.best = new Best(wanted);
  }

  add(participants: Iterable<Participant>) {
    const { hmac, best } = this;
    if (best.count === 0) return;
    for (const p of participants) {
      if (!takesPart(p)) continue;
      const words = hmac.sign(p._id);
      best.offer(p._id, keyFromBits(words[0]! >>> 0, words[1]! >>> 12, p.entries));
    }
  }

  /** The ids of the winners so far, first drawn first. */
  winners() {
    return this.best.ids();
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
