import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The public log's tree as RFC 9162 §2.1 defines it, for the server that
 * builds it and the browser that checks a receipt: leaves hashed as
 * SHA-256(0x00 ‖ data), nodes as SHA-256(0x01 ‖ left ‖ right), and the two
 * checks of §2.1.3.2 (inclusion) and §2.1.4.2 (consistency).
 */

export type Hash = Uint8Array;

function prefixed(prefix: number, ...parts: Uint8Array[]) {
  const bytes = new Uint8Array(1 + parts.reduce((n, p) => n + p.length, 0));
  bytes[0] = prefix;
  let at = 1;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return sha256(bytes);
}

export const leafHash = (data: Uint8Array): Hash => prefixed(0x00, data);
export const nodeHash = (left: Hash, right: Hash): Hash => prefixed(0x01, left, right);
/** The root of an empty tree: the hash of nothing. */
export const emptyRoot = (): Hash => sha256(new Uint8Array(0));

export const sameHash = (a: Hash, b: Hash) => a.length === b.length && a.every((byte, i) => byte === b[i]);

const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);
export const isPowerOfTwo = (n: number) => n > 0 && 2 ** Math.round(Math.log2(n)) === n;

/** RFC 9162 §2.1.3.2: whether `proof` puts the leaf hashed `leaf` at `index` in the tree of `size` with `root`. */
export function verifyInclusion(index: number, size: number, leaf: Hash, proof: Hash[], root: Hash) {
  if (index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && sameHash(r, root);
}

/** RFC 9162 §2.1.4.2: whether the tree of `second` leaves with `secondRoot` extends the one of `first` with `firstRoot`. */
export function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Hash,
  secondRoot: Hash,
  proof: Hash[],
) {
  if (first > second) return false;
  if (first === second) return proof.length === 0 && sameHash(firstRoot, secondRoot);
  // Every tree extends the empty one.
  if (first === 0) return proof.length === 0;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : proof;
  if (path.length === 0) return false;
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sameHash(fr, firstRoot) && sameHash(sr, secondRoot) && sn === 0;
}
