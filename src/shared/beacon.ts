/**
 * The public randomness beacon (DESIGN §4): drand's unchained BLS signatures on
 * G1 (scheme bls-unchained-g1-rfc9380). Run by the server before it uses a
 * round and by the browser on /draws/:id, so nobody has to take the round's
 * value on trust. Kept apart from draw.ts because the curve code is large and
 * only a beacon draw's proof needs it.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { hexToBytes, sha256Hex } from './bytes';

/** drand's quicknet, the default network: every chain value published by drand. */
export const QUICKNET = {
  network: 'drand quicknet',
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesis: 1692803367,
  period: 3,
} as const;

/** The chains whose keys this code knows for itself, so a proof cannot bring its own. */
const KNOWN_CHAINS = [QUICKNET];
export const knownChain = (chainHash: string, publicKey: string) =>
  KNOWN_CHAINS.find((c) => c.chainHash === chainHash && c.publicKey === publicKey);

/**
 * How long after the entries are frozen the round must come: the round is fixed
 * at the freeze as the first published at least this long after it, so clocks
 * a little apart still cannot let anyone see it before the list is fixed.
 */
export const ROUND_MARGIN_SECONDS = 10;

/** What a proof publishes about the round it used. */
export interface BeaconRound {
  network: string;
  chainHash: string;
  publicKey: string;
  round: number;
  randomness: string;
  signature: string;
}

/** The round a prize will be drawn with, fixed when it goes live: its value is unknown until then. */
export type FixedRound = Omit<BeaconRound, 'randomness' | 'signature'>;

/** A chain's clock: round 1 is at genesis, one more every period (both in seconds). */
export interface ChainTiming {
  genesis: number;
  period: number;
}

/** The first round published at or after `at`. */
export function roundAt({ genesis, period }: ChainTiming, at: Date): number {
  const seconds = at.getTime() / 1000 - genesis;
  return seconds <= 0 ? 1 : Math.ceil(seconds / period) + 1;
}

/** The round a draw frozen at `frozenAt` uses: the first at least the margin later. */
export const roundAfter = (chain: ChainTiming, frozenAt: Date) =>
  roundAt(chain, new Date(frozenAt.getTime() + ROUND_MARGIN_SECONDS * 1000));

/** When a round is published. */
export const roundTime = ({ genesis, period }: ChainTiming, round: number) =>
  new Date((genesis + (round - 1) * period) * 1000);

/** What drand signs for an unchained round: sha256 of the round number as 8 big-endian bytes. */
export async function roundMessage(round: number) {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

/** Whether `signature` is the chain's BLS signature of `round`; malformed values are simply not valid. */
export async function signatureValid(publicKey: string, round: number, signature: string) {
  const bls = bls12_381.shortSignatures;
  try {
    return bls.verify(hexToBytes(signature), bls.hash(await roundMessage(round)), hexToBytes(publicKey));
  } catch {
    return false;
  }
}

/** A round's randomness is the sha256 of its signature. */
export const randomnessOf = (signature: string) => sha256Hex(hexToBytes(signature));

/**
 * Each check on a published round on its own, so the page can say which one
 * failed. Only a chain this code knows is trusted: its key is not taken from
 * the proof, and its clock shows the round came after the entries were frozen.
 */
export async function checkBeacon(beacon: BeaconRound, snapshotAt: Date) {
  const chain = knownChain(beacon.chainHash, beacon.publicKey);
  return {
    network: chain?.network ?? null,
    signatureMatches: await signatureValid(beacon.publicKey, beacon.round, beacon.signature),
    randomnessMatches: (await randomnessOf(beacon.signature)) === beacon.randomness,
    roundAfterSnapshot: chain ? beacon.round >= roundAfter(chain, snapshotAt) : false,
  };
}
