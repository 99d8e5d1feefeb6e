import { ed25519 } from '@noble/curves/ed25519.js';
import { signedCheckpoint, verifierKey } from '../../../shared/signed-note';

/** The public log's signing key (DESIGN §18): checkpoints are C2SP signed notes (shared/signed-note.ts). */
export interface LogKey {
  origin: string;
  seed: Uint8Array;
  publicKey: Uint8Array;
}

/** The checkpoints' origin line: the site's host, then /log. */
export const originOf = (siteUrl: string) => `${new URL(siteUrl).host}/log`;

export function logKey(origin: string, seedHex: string): LogKey {
  const seed = new Uint8Array(Buffer.from(seedHex, 'hex'));
  return { origin, seed, publicKey: ed25519.getPublicKey(seed) };
}

export const verifierKeyOf = (key: LogKey) => verifierKey(key.origin, key.publicKey);

/** A checkpoint of the tree of `size` leaves with `root`, signed. */
export const signCheckpoint = (key: LogKey, size: number, root: Uint8Array) =>
  signedCheckpoint(key.origin, key.seed, size, root);
