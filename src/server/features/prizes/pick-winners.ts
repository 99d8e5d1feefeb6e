import { hexToBytes } from '../../../shared/bytes';
import { Best, keyFromBits, type Ranked, takesPart } from '../../../shared/draw-keys';
import { PrefixedHmac } from './prefixed-hmac';
import { eachLine } from './snapshot-lines';

/**
 * The DESIGN draw for a million participants on the server: the shared code's
 * key and choice of the best (src/shared/draw-keys.ts), with each HMAC computed
 * synchronously from the key's and the snapshot hash's precomputed blocks instead
 * of WebCrypto's promises, and participants added as they are read, so nothing
 * is kept that is not winning.
 */
export class WinnerPicker {
  private readonly hmac: PrefixedHmac;
  private readonly best: Best;

  constructor(keyHex: string, snapshot: string, wanted: number) {
    this.hmac = new PrefixedHmac(hexToBytes(keyHex), `${snapshot}:`);
    this.best = new Best(wanted);
  }

  /**
   * A participant whose pid is `text` from `start` to `end`, read where it stands in a slice of
   * the snapshot: the pid becomes a string of its own only if it could win.
   */
  private addPid(text: string, start: number, end: number, entries: number) {
    const { hmac, best } = this;
    if (best.count === 0 || !takesPart({ entries })) return;
    const words = hmac.sign(text, start, end);
    const key = keyFromBits(words[0]! >>> 0, words[1]! >>> 12, entries);
    if (best.mayTake(key)) best.offer(text.slice(start, end), key);
  }

  /** Each participant in some of the snapshot's lines. */
  addLines(lines: string) {
    eachLine(lines, (start, end, entries) => this.addPid(lines, start, end, entries));
  }

  /** The best another picker of the same draw found among the participants it was given. */
  offer(ranked: Ranked[]) {
    for (const { id, key } of ranked) this.best.offer(id, key);
  }

  /** The winners so far, first drawn first, with their keys. */
  ranked() {
    return this.best.ranked();
  }

  /** The ids of the winners so far, first drawn first. */
  winners() {
    return this.best.ids();
  }
}
