import { createHash } from 'node:crypto';

/**
 * RFC 9162 §2.1, written from the RFC for the outside verifier: it shares no
 * code with the site it checks. Leaves are SHA-256(0x00 ‖ data), nodes
 * SHA-256(0x01 ‖ left ‖ right); the checks are §2.1.3.2 and §2.1.4.2 step by step.
 */

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
};

export const hashLeaf = (data: Uint8Array) => sha256(Uint8Array.of(0), data);
const hashChildren = (left: Uint8Array, right: Uint8Array) => sha256(Uint8Array.of(1), left, right);
const equal = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

// Tree sizes are far below 2^53, but past 2^31: bits by arithmetic, not by 32-bit operators.
const lsb = (n: number) => n % 2 === 1;
const shr = (n: number) => Math.floor(n / 2);

export function inclusionHolds(
  leafIndex: number,
  treeSize: number,
  leaf: Uint8Array,
  path: Uint8Array[],
  root: Uint8Array,
) {
  if (leafIndex >= treeSize) return false;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return false;
    if (lsb(fn) || fn === sn) {
      r = hashChildren(p, r);
      while (!lsb(fn) && fn !== 0) {
        fn = shr(fn);
        sn = shr(sn);
      }
    } else {
      r = hashChildren(r, p);
    }
    fn = shr(fn);
    sn = shr(sn);
  }
  return sn === 0 && equal(r, root);
}

export function consistencyHolds(
  first: number,
  second: number,
  firstHash: Uint8Array,
  secondHash: Uint8Array,
  proof: Uint8Array[],
) {
  if (first > second) return false;
  if (first === second) return proof.length === 0 && equal(firstHash, secondHash);
  if (first === 0) return proof.length === 0;
  let powerOfTwo = first;
  while (powerOfTwo % 2 === 0) powerOfTwo /= 2;
  const path = powerOfTwo === 1 ? [firstHash, ...proof] : [...proof];
  if (path.length === 0) return false;
  let fn = first - 1;
  let sn = second - 1;
  while (lsb(fn)) {
    fn = shr(fn);
    sn = shr(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (lsb(fn) || fn === sn) {
      fr = hashChildren(c, fr);
      sr = hashChildren(c, sr);
      while (!lsb(fn) && fn !== 0) {
        fn = shr(fn);
        sn = shr(sn);
      }
    } else {
      sr = hashChildren(sr, c);
    }
    fn = shr(fn);
    sn = shr(sn);
  }
  return equal(fr, firstHash) && equal(sr, secondHash) && sn === 0;
}
