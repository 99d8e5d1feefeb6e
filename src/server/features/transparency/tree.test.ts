import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyRoot,
  type Hash,
  leafHash,
  nodeHash,
  sameHash,
  verifyConsistency,
  verifyInclusion,
} from '../../../shared/merkle';
import { consistencyRanges, grow, inclusionRanges, keyOf, nodesFor, rangeHash } from './tree';

/** RFC 9162 §2.1 as written: MTH, PATH and PROOF by plain recursion over the leaves' data. */
function reference(data: Uint8Array[]) {
  const memo = new Map<string, Hash>();
  const split = (n: number) => {
    let k = 1;
    while (k * 2 < n) k *= 2;
    return k;
  };
  const mth = (a: number, b: number): Hash => {
    const key = `${a}:${b}`;
    let hash = memo.get(key);
    if (!hash) {
      if (b - a === 0) hash = emptyRoot();
      else if (b - a === 1) hash = leafHash(data[a]!);
      else {
        const k = split(b - a);
        hash = nodeHash(mth(a, a + k), mth(a + k, b));
      }
      memo.set(key, hash);
    }
    return hash;
  };
  const path = (m: number, a: number, b: number): Hash[] => {
    if (b - a <= 1) return [];
    const k = split(b - a);
    return m < k ? [...path(m, a, a + k), mth(a + k, b)] : [...path(m - k, a + k, b), mth(a, a + k)];
  };
  const subproof = (m: number, a: number, b: number, whole: boolean): Hash[] => {
    const n = b - a;
    if (m === n) return whole ? [] : [mth(a, b)];
    const k = split(n);
    return m <= k
      ? [...subproof(m, a, a + k, whole), mth(a + k, b)]
      : [...subproof(m - k, a + k, b, false), mth(a, a + k)];
  };
  return {
    root: (n: number) => mth(0, n),
    inclusion: (m: number, n: number) => path(m, 0, n),
    consistency: (m: number, n: number) => subproof(m, 0, n, true),
  };
}

const leavesOf = (n: number) => Array.from({ length: n }, (_, i) => new TextEncoder().encode(`leaf ${i}`));

/** Our tree of these leaves, appended in batches of the sizes given (cycled), as the log appends them. */
function built(data: Uint8Array[], batches: number[]) {
  const nodes = new Map<string, Hash>();
  let size = 0;
  for (let b = 0; size < data.length; b++) {
    const batch = data.slice(size, size + batches[b % batches.length]!).map(leafHash);
    for (const node of grow(size, nodes, batch)) nodes.set(keyOf(node), node.hash);
    size += batch.length;
  }
  return {
    root: (n: number) => rangeHash([0, n], nodes),
    /** Hashes read only from the nodes `nodesFor` names, as the log reads them from its table. */
    hashes: (ranges: ReturnType<typeof inclusionRanges>) => {
      const read = new Map(nodesFor(ranges).map((key) => [keyOf(key), nodes.get(keyOf(key))!]));
      return ranges.map((range) => rangeHash(range, read));
    },
  };
}

/**
 * The positions a tree of n leaves is proven at: every one up to 64 leaves; past that the edges, both
 * sides of each split on the leftmost path, and a spread between, so each size from 1 to 300 is covered.
 */
function positionsOf(n: number, from = 0) {
  if (n <= 64) return Array.from({ length: n - from }, (_, i) => from + i);
  const picked = new Set([from, from + 1, n - 2, n - 1]);
  for (let k = 1; k < n; k *= 2) for (const m of [k - 1, k, k + 1]) if (m >= from && m < n) picked.add(m);
  for (let i = 1; i < 16; i++) picked.add(from + Math.floor(((n - from) * i) / 16));
  return [...picked].sort((a, b) => a - b);
}

const flip = (hash: Hash) => hash.map((byte, i) => (i === 7 ? byte ^ 1 : byte));
const same = (a: Hash[], b: Hash[]) => a.length === b.length && a.every((h, i) => sameHash(h, b[i]!));

describe('the public log’s tree (RFC 9162 §2.1)', () => {
  const data = leavesOf(300);
  const ref = reference(data);
  const ours = built(data, [1, 3, 2, 7, 1, 16, 5]);

  it('has the roots of the recursive definition for every size from 0 to 300', () => {
    for (let n = 0; n <= 300; n++) expect(sameHash(ours.root(n), ref.root(n))).toBe(true);
  });

  it('proves leaves of every size from 1 to 300 as RFC 9162 does, and the proof checks', () => {
    const failed: string[] = [];
    for (let n = 1; n <= 300; n++) {
      const root = ref.root(n);
      for (const m of positionsOf(n)) {
        const proof = ours.hashes(inclusionRanges(m, n));
        if (!same(proof, ref.inclusion(m, n)) || !verifyInclusion(m, n, leafHash(data[m]!), proof, root))
          failed.push(`${m} of ${n}`);
      }
    }
    expect(failed).toEqual([]);
  });

  it('proves every size from 1 to 300 consistent with smaller ones, and the proof checks', () => {
    const failed: string[] = [];
    for (let n = 1; n <= 300; n++) {
      for (const m of positionsOf(n, 1)) {
        const proof = ours.hashes(consistencyRanges(m, n));
        if (!same(proof, ref.consistency(m, n)) || !verifyConsistency(m, n, ref.root(m), ref.root(n), proof))
          failed.push(`${m} to ${n}`);
      }
    }
    expect(failed).toEqual([]);
  });

  it('fails a proof whose leaf, root, position or any hash was changed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }).chain((n) => fc.tuple(fc.constant(n), fc.nat(n - 1), fc.nat(64))),
        ([n, m, pick]) => {
          const root = ref.root(n);
          const leaf = leafHash(data[m]!);
          const proof = ref.inclusion(m, n);
          expect(verifyInclusion(m, n, flip(leaf), proof, root)).toBe(false);
          expect(verifyInclusion(m, n, leaf, proof, flip(root))).toBe(false);
          if (n > 1) expect(verifyInclusion((m + 1) % n, n, leaf, proof, root)).toBe(false);
          if (proof.length > 0) {
            const changed = proof.map((h, i) => (i === pick % proof.length ? flip(h) : h));
            expect(verifyInclusion(m, n, leaf, changed, root)).toBe(false);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('fails a consistency proof over a rewritten leaf, a changed root or a changed hash', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 300 })
          .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: n - 1 }))),
        ([n, m]) => {
          const proof = ref.consistency(m, n);
          const rewritten = reference(data.map((d, i) => (i === m - 1 ? new Uint8Array([...d, 0]) : d)));
          expect(verifyConsistency(m, n, rewritten.root(m), ref.root(n), proof)).toBe(false);
          expect(verifyConsistency(m, n, ref.root(m), rewritten.root(n), proof)).toBe(false);
          expect(verifyConsistency(m, n, ref.root(m), flip(ref.root(n)), proof)).toBe(false);
          const changed = proof.map((h, i) => (i === proof.length - 1 ? flip(h) : h));
          expect(verifyConsistency(m, n, ref.root(m), ref.root(n), changed)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes every tree as consistent with the empty one, and none with a larger one', () => {
    expect(verifyConsistency(0, 5, emptyRoot(), ref.root(5), [])).toBe(true);
    expect(verifyConsistency(5, 5, ref.root(5), ref.root(5), [])).toBe(true);
    expect(verifyConsistency(6, 5, ref.root(6), ref.root(5), [])).toBe(false);
  });
});
