import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The public log's checkpoints as C2SP signed notes (DESIGN §18), for the
 * server that signs them and the browser that checks them: the note's text
 * (origin, tree size, base64 root, each on its own line), a blank line, then
 * `— <origin> <base64(key hash ‖ Ed25519 signature)>`, the key hash being the
 * first four bytes of SHA-256(origin ‖ "\n" ‖ 0x01 ‖ public key), as
 * golang.org/x/mod/sumdb/note does.
 */

/** The algorithm byte of an Ed25519 key in a verifier key. */
const ED25519 = 0x01;

const utf8 = (text: string) => new TextEncoder().encode(text);
export const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
export const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

export const keyHash = (origin: string, publicKey: Uint8Array) =>
  sha256(Uint8Array.of(...utf8(`${origin}\n`), ED25519, ...publicKey)).subarray(0, 4);

/** The key as a note verifier takes it: `<origin>+<key hash hex>+<base64(0x01 ‖ key)>`. */
export const verifierKey = (origin: string, publicKey: Uint8Array) =>
  `${origin}+${hex(keyHash(origin, publicKey))}+${toBase64(Uint8Array.of(ED25519, ...publicKey))}`;

export const checkpointText = (origin: string, size: number, root: Uint8Array) =>
  `${origin}\n${size}\n${toBase64(root)}\n`;

/** A checkpoint signed with an Ed25519 seed. */
export function signedCheckpoint(origin: string, seed: Uint8Array, size: number, root: Uint8Array) {
  const text = checkpointText(origin, size, root);
  const signature = ed25519.sign(utf8(text), seed);
  const hash = keyHash(origin, ed25519.getPublicKey(seed));
  return `${text}\n\u2014 ${origin} ${toBase64(Uint8Array.of(...hash, ...signature))}\n`;
}

export interface Checkpoint {
  origin: string;
  size: number;
  root: Uint8Array;
}

/** The checkpoint a note states, if the key `verifier` names signed it; null if not. */
export function openCheckpoint(note: string, verifier: string): Checkpoint | null {
  const key = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/]+=*)$/.exec(verifier);
  const checkpoint =
    /^([^\n]+)\n(0|[1-9][0-9]*)\n([A-Za-z0-9+/]{43}=)\n\n\u2014 (\S+) ([A-Za-z0-9+/]+=*)\n$/.exec(note);
  if (!key || !checkpoint) return null;
  const [, name, hashHex, keyB64] = key;
  const [, origin, size, root, signer, signatureB64] = checkpoint;
  const keyBytes = fromBase64(keyB64!);
  const signed = fromBase64(signatureB64!);
  // Only the canonical encoding: no spare bits set, so no two texts carry the same signature.
  if (toBase64(signed) !== signatureB64) return null;
  if (keyBytes.length !== 33 || keyBytes[0] !== ED25519 || signed.length !== 68) return null;
  const publicKey = keyBytes.subarray(1);
  if (origin !== name || signer !== name || hex(keyHash(name!, publicKey)) !== hashHex) return null;
  if (hex(signed.subarray(0, 4)) !== hashHex) return null;
  const text = note.slice(0, note.indexOf('\n\n') + 1);
  try {
    if (!ed25519.verify(signed.subarray(4), utf8(text), publicKey)) return null;
  } catch {
    return null;
  }
  return { origin: origin!, size: Number(size), root: fromBase64(root!) };
}
