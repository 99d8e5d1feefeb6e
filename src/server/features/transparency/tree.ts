import { emptyRoot, type Hash, nodeHash } from '../../../shared/merkle';

/**
 * The log's tree kept as its complete subtrees (DESIGN §18): a node at
 * `level` L and `index` i is the hash of leaves [i·2^L, (i+1)·2^L), written
 * once when its last leaf arrives and never changed. Any tree size's root and
 * any proof of RFC 9162 §2.1 is read from them: the proofs' recursion needs
 * the hashes of ranges, and each range is a few such subtrees folded together.
 */

export interface NodeKey {
  level: number;
  index: number;
}
export interface TreeNode extends NodeKey {
  hash: Hash;
}
/** Leaves [start, end). */
export type Range = readonly [start: number, end: number];

export const keyOf = ({ level, index }: NodeKey) => `${level}:${index}`;

/** The largest power of two below n (n > 1), where RFC 9162 splits a tree of n leaves. */
const splitOf = (n: number) => 2 ** Math.floor(Math.log2(n - 1));

/**
 * The complete subtrees that make up leaves [start, end), left to right: the binary digits of its
 * length. The proofs only ask for ranges that start on a multiple of the power of two above their
 * length, so each piece is a node of the tree.
 */
export function piecesOf([start, end]: Range): NodeKey[] {
  const pieces: NodeKey[] = [];
  let at = start;
  let left = end - start;
  for (let level = Math.floor(Math.log2(Math.max(left, 1))); level >= 0 && left > 0; level--) {
    const width = 2 ** level;
    if (left >= width) {
      pieces.push({ level, index: at / width });
      at += width;
      left -= width;
    }
  }
  return pieces;
}

/** MTH of a range from its pieces' hashes (RFC 9162 §2.1.1: the right part folded in first). */
export function rangeHash(range: Range, nodes: ReadonlyMap<string, Hash>): Hash {
  const pieces = piecesOf(range);
  if (pieces.length === 0) return emptyRoot();
  const hashOf = (key: NodeKey) => {
    const hash = nodes.get(keyOf(key));
    if (!hash) throw new Error(`the log has no node ${keyOf(key)}`);
    return hash;
  };
  let hash = hashOf(pieces.at(-1)!);
  for (let i = pieces.length - 2; i >= 0; i--) hash = nodeHash(hashOf(pieces[i]!), hash);
  return hash;
}

/** The ranges whose hashes make PATH(m, D[n]) (RFC 9162 §2.1.3.1), in proof order. */
export function inclusionRanges(m: number, n: number, offset = 0): Range[] {
  if (n <= 1) return [];
  const k = splitOf(n);
  return m < k
    ? [...inclusionRanges(m, k, offset), [offset + k, offset + n]]
    : [...inclusionRanges(m - k, n - k, offset + k), [offset, offset + k]];
}

/** The ranges whose hashes make PROOF(m, D[n]) (RFC 9162 §2.1.4.1), in proof order; none when m is 0 or n. */
export function consistencyRanges(m: number, n: number): Range[] {
  if (m <= 0 || m >= n) return [];
  const sub = (m: number, n: number, whole: boolean, offset: number): Range[] => {
    if (m === n) return whole ? [] : [[offset, offset + n]];
    const k = splitOf(n);
    return m <= k
      ? [...sub(m, k, whole, offset), [offset + k, offset + n]]
      : [...sub(m - k, n - k, false, offset + k), [offset, offset + k]];
  };
  return sub(m, n, true, 0);
}

/** Every node the hashes of these ranges are folded from. */
export function nodesFor(ranges: readonly Range[]): NodeKey[] {
  const keys = new Map<string, NodeKey>();
  for (const range of ranges) for (const piece of piecesOf(range)) keys.set(keyOf(piece), piece);
  return [...keys.values()];
}

/**
 * The nodes completed by appending `leaves` (their hashes) to a tree of `size`, leaves included as
 * level 0. `peaks` holds the hashes of the tree's pieces as it was (piecesOf([0, size])): every left
 * sibling a new node needs is one of them or is made here.
 */
export function grow(size: number, peaks: ReadonlyMap<string, Hash>, leaves: readonly Hash[]): TreeNode[] {
  const known = new Map(peaks);
  const made: TreeNode[] = [];
  const add = (node: TreeNode) => {
    known.set(keyOf(node), node.hash);
    made.push(node);
  };
  leaves.forEach((hash, i) => {
    let node: TreeNode = { level: 0, index: size + i, hash };
    add(node);
    while (node.index % 2 === 1) {
      const left = known.get(keyOf({ level: node.level, index: node.index - 1 }));
      if (!left) throw new Error(`the log has no node ${node.level}:${node.index - 1}`);
      node = { level: node.level + 1, index: (node.index - 1) / 2, hash: nodeHash(left, node.hash) };
      add(node);
    }
  });
  return made;
}
