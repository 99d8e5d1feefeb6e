/**
 * The draw's keys and its choice of winners (DESIGN §4): each participant's
 * key from the HMAC of their id, and the largest keys first. Only WebCrypto
 * is used, so the same code runs in Node and in any modern browser.
 */
import { hexToBytes } from './bytes';

export interface Participant {
  _id: string;
  entries: number;
}

export interface CheckOptions {
  /** How far the recomputing has got, from 0 to 1, after each chunk. */
  onProgress?: (fraction: number) => void;
  /** Stops between chunks, for a page that is closed mid-check. */
  signal?: AbortSignal;
}

const encoder = new TextEncoder();
/** The snapshot's order: by _id, compared as strings. */
export const byId = (a: Participant, b: Participant) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** ln(u) / entries, u from the first 52 bits of the HMAC, big-endian: 32 bits, then the top 20 of the next 32. */
export function keyOf(hmac: Uint8Array, entries: number) {
  // Read byte by byte: a DataView for each of a million participants is garbage for the collector.
  const first32 = ((hmac[0]! << 24) | (hmac[1]! << 16) | (hmac[2]! << 8) | hmac[3]!) >>> 0;
  const next20 = (hmac[4]! << 12) | (hmac[5]! << 4) | (hmac[6]! >>> 4);
  return keyFromBits(first32, next20, entries);
}

/** keyOf from the HMAC's first 32 bits and the 20 after them, as unsigned integers. */
export const keyFromBits = (first32: number, next20: number, entries: number) =>
  Math.log((first32 * 2 ** 20 + next20 + 0.5) / 2 ** 52) / entries;

/** HMACs signed at once: enough to keep WebCrypto busy, few enough that the page repaints often. */
const CHUNK = 2048;

/**
 * Lets the page paint and React render between chunks. A message, not
 * scheduler.yield(), whose continuation goes ahead of React's own messages and
 * so held the progress bar still, nor a timer, which browsers slow to 4 ms a turn.
 */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      // A port left open would keep Node running.
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/**
 * Calls `visit` with each participant's key, in the order given, a chunk of
 * HMACs at a time: the next chunk is already signing while one is read, and
 * the event loop gets a turn between chunks.
 */
async function forEachKey(
  keyHex: string,
  snapshot: string,
  participants: Participant[],
  visit: (p: Participant, key: number) => void,
  { onProgress, signal }: CheckOptions = {},
) {
  const key = await crypto.subtle.importKey(
    'raw',
    hexToBytes(keyHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const prefix = `${snapshot}:`;
  const sign = (start: number) =>
    Promise.all(
      participants
        .slice(start, start + CHUNK)
        .map((p) => crypto.subtle.sign('HMAC', key, encoder.encode(prefix + p._id))),
    );
  let signing = sign(0);
  for (let start = 0; start < participants.length; start += CHUNK) {
    const hmacs = await signing;
    const more = start + CHUNK < participants.length;
    if (more) {
      signing = sign(start + CHUNK);
      // Awaited on the next turn; until then a failure must not count as unhandled.
      signing.catch(() => {});
    }
    for (let i = 0; i < hmacs.length; i++) {
      const p = participants[start + i]!;
      visit(p, keyOf(new Uint8Array(hmacs[i]!), p.entries));
    }
    onProgress?.(Math.min(start + CHUNK, participants.length) / participants.length);
    if (more) {
      await yieldToEventLoop();
      signal?.throwIfAborted();
    }
  }
}

/** Every participant's key, in snapshot order. */
export async function drawKeys(keyHex: string, snapshot: string, participants: Participant[]) {
  const keys: Array<Participant & { key: number }> = [];
  await forEachKey(keyHex, snapshot, [...participants].sort(byId), (p, key) => keys.push({ ...p, key }));
  return keys;
}

/** Only a positive number of entries takes part. */
export const takesPart = (p: Pick<Participant, 'entries'>) => p.entries > 0;

export interface Ranked {
  id: string;
  key: number;
}

/** Whether `id` with `key` wins over `b`: the larger key, ties to the smaller _id. */
const winsOver = (id: string, key: number, b: Ranked) => key > b.key || (key === b.key && id < b.id);
const beats = (a: Ranked, b: Ranked) => winsOver(a.id, a.key, b);

/**
 * The `count` best seen so far, in a heap whose root is the weakest of them,
 * so each newcomer costs one comparison. Whole winners only, and none for a
 * count below one.
 */
export class Best {
  private readonly heap: Ranked[] = [];
  readonly count: number;
  constructor(wanted: number) {
    this.count = Math.max(0, Math.floor(wanted) || 0);
  }

  /** Whether a newcomer with this key could be among the best; if not, it need not be offered. */
  mayTake(key: number) {
    const weakest = this.heap[0];
    return this.heap.length < this.count || (weakest !== undefined && key >= weakest.key);
  }

  /** Most of a big draw's participants lose at once, and make no object for it. */
  offer(id: string, key: number) {
    const { heap } = this;
    if (heap.length < this.count) {
      heap.push({ id, key });
      let i = heap.length - 1;
      while (i > 0) {
        const up = (i - 1) >> 1;
        if (!beats(heap[up]!, heap[i]!)) break;
        [heap[up], heap[i]] = [heap[i]!, heap[up]!];
        i = up;
      }
    } else if (this.count > 0 && winsOver(id, key, heap[0]!)) {
      heap[0] = { id, key };
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const weakest = l + 1 < heap.length && beats(heap[l]!, heap[l + 1]!) ? l + 1 : l;
        if (weakest >= heap.length || !beats(heap[i]!, heap[weakest]!)) break;
        [heap[weakest], heap[i]] = [heap[i]!, heap[weakest]!];
        i = weakest;
      }
    }
  }

  /** Best first, with their keys: what another Best can be offered to take these into account. */
  ranked(): Ranked[] {
    return [...this.heap].sort((a, b) => (beats(a, b) ? -1 : beats(b, a) ? 1 : 0));
  }

  /** Best first. */
  ids() {
    return this.ranked().map((r) => r.id);
  }
}

/** The winners' ids, first drawn first: the `count` largest keys, ties going to the smaller _id. */
export async function pickWinners(
  keyHex: string,
  snapshot: string,
  participants: Participant[],
  count: number,
  options: CheckOptions = {},
) {
  const best = new Best(count);
  await forEachKey(
    keyHex,
    snapshot,
    participants,
    (p, key) => {
      if (takesPart(p)) best.offer(p._id, key);
    },
    options,
  );
  return best.ids();
}
