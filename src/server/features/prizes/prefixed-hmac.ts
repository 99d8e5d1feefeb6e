/**
 * HMAC-SHA256 of many messages that share a key and a prefix, for a draw's
 * `<snapshot hash>:<pid>` messages. RFC 2104 §4 lets the padded key's blocks be
 * hashed once; here the prefix's whole blocks are too, so each participant costs
 * two SHA-256 blocks of plain arithmetic, about a third of what a call into
 * node:crypto costs for one (prefixed-hmac.test.ts holds it to node:crypto).
 */

const ROUND = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const INITIAL = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
const BLOCK = 64;

/** The block being hashed, as 16 big-endian words, and the 48 more SHA-256 expands them to. */
const schedule = new Int32Array(64);

/** Puts the 64 bytes of `bytes` from `at` into the schedule, as the block to hash next. */
function load(bytes: Uint8Array, at: number) {
  for (let i = 0; i < 16; i++, at += 4)
    schedule[i] = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
}

/** One SHA-256 block (FIPS 180-4 §6.2.2), the one in the schedule: `out` = `state` after it. */
function compress(state: Int32Array, out: Int32Array) {
  const w = schedule;
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + ROUND[i]! + w[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  out[0] = (state[0]! + a) | 0;
  out[1] = (state[1]! + b) | 0;
  out[2] = (state[2]! + c) | 0;
  out[3] = (state[3]! + d) | 0;
  out[4] = (state[4]! + e) | 0;
  out[5] = (state[5]! + f) | 0;
  out[6] = (state[6]! + g) | 0;
  out[7] = (state[7]! + h) | 0;
}

/** Ends a message of `total` bytes whose last `used` bytes are in `buffer`: SHA-256's padding, then its blocks. */
function finish(state: Int32Array, buffer: Uint8Array, used: number, total: number, out: Int32Array) {
  const blocks = Math.ceil((used + 9) / BLOCK);
  buffer.fill(0, used, blocks * BLOCK);
  buffer[used] = 0x80;
  const bits = total * 8;
  const end = blocks * BLOCK;
  // A message's length in bits, big-endian in the last 8 bytes: within 2^53, so two 32-bit halves.
  const high = Math.floor(bits / 2 ** 32);
  buffer[end - 8] = high >>> 24;
  buffer[end - 7] = high >>> 16;
  buffer[end - 6] = high >>> 8;
  buffer[end - 5] = high;
  buffer[end - 4] = bits >>> 24;
  buffer[end - 3] = bits >>> 16;
  buffer[end - 2] = bits >>> 8;
  buffer[end - 1] = bits;
  let from = state;
  for (let at = 0; at < end; at += BLOCK) {
    load(buffer, at);
    compress(from, out);
    from = out;
  }
}

const encoder = new TextEncoder();

export class PrefixedHmac {
  private readonly inner = new Int32Array(8);
  private readonly outer = new Int32Array(8);
  /** The prefix's bytes after its whole blocks, which begin every message's first unhashed block. */
  private readonly rest: Uint8Array;
  private readonly hashed: number;
  private buffer = new Uint8Array(4 * BLOCK);
  private readonly innerState = new Int32Array(8);
  /** The last message's HMAC, as eight big-endian 32-bit words; overwritten by the next. */
  readonly words = new Int32Array(8);

  constructor(key: Uint8Array, prefix: string) {
    if (key.length > BLOCK) throw new Error('an HMAC key longer than a block is hashed first; not done here');
    const pad = new Uint8Array(BLOCK);
    const padded = (fill: number) => {
      pad.fill(fill);
      for (let i = 0; i < key.length; i++) pad[i]! ^= key[i]!;
      return pad;
    };
    load(padded(0x36), 0);
    compress(INITIAL, this.inner);
    load(padded(0x5c), 0);
    compress(INITIAL, this.outer);
    const bytes = encoder.encode(prefix);
    const whole = bytes.length - (bytes.length % BLOCK);
    for (let at = 0; at < whole; at += BLOCK) {
      load(bytes, at);
      compress(this.inner, this.inner);
    }
    this.rest = bytes.slice(whole);
    this.hashed = BLOCK + whole;
  }

  /** The HMAC of the prefix followed by `text` from `start` to `end`, in `words`. */
  sign(text: string, start = 0, end = text.length) {
    const { rest } = this;
    let buffer = this.buffer;
    const most = rest.length + 3 * (end - start) + 9 + BLOCK;
    if (buffer.length < most) buffer = this.buffer = new Uint8Array(2 * most);
    buffer.set(rest);
    let used = rest.length;
    let ascii = true;
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) {
        ascii = false;
        break;
      }
      buffer[used + i - start] = code;
    }
    used += ascii ? end - start : encoder.encodeInto(text.slice(start, end), buffer.subarray(used)).written;
    finish(this.inner, buffer, used, this.hashed + used, this.innerState);

    // The outer hash's one block: the inner digest, then SHA-256's padding for a message of two blocks and 32 bytes.
    schedule.set(this.innerState);
    schedule.fill(0, 8, 16);
    schedule[8] = 0x80000000 | 0;
    schedule[15] = (BLOCK + 32) * 8;
    compress(this.outer, this.words);
    return this.words;
  }
}
