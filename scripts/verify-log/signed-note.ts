import { createHash, createPublicKey, verify } from 'node:crypto';

/**
 * C2SP signed notes (c2sp.org/signed-note) and checkpoints (c2sp.org/tlog-checkpoint),
 * written from the formats for the outside verifier. A verifier key is
 * `<name>+<key hash, 8 hex digits>+<base64 of 0x01 ‖ 32-byte Ed25519 key>`; a
 * note is its text, a blank line, then lines `— <name> <base64(key hash ‖ signature)>`.
 */

export interface Verifier {
  name: string;
  keyHash: Buffer;
  publicKey: Buffer;
}

export function parseVerifierKey(text: string): Verifier {
  // The name and the hash end at the first two plus signs; the key's base64 may hold more.
  const match = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/]+=*)$/.exec(text);
  const [, name, hashHex, keyB64] = match ?? [];
  const key = Buffer.from(keyB64 ?? '', 'base64');
  if (!name || key.length !== 33 || key[0] !== 0x01) throw new Error(`not an Ed25519 verifier key: ${text}`);
  const publicKey = key.subarray(1);
  const keyHash = createHash('sha256').update(`${name}\n`).update(key).digest().subarray(0, 4);
  if (keyHash.toString('hex') !== hashHex) throw new Error('the verifier key’s hash does not match its key');
  return { name, keyHash, publicKey };
}

const ed25519Key = (raw: Buffer) =>
  createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });

/** The note's text if `verifier` signed it; throws saying why not. */
export function openNote(note: string, verifier: Verifier): string {
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) throw new Error('not a signed note: no signature block');
  const text = note.slice(0, split + 1);
  const lines = note.slice(split + 2, -1).split('\n');
  for (const line of lines) {
    const match = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
    if (!match) throw new Error(`not a signature line: ${line}`);
    const [, name, b64] = match;
    const signed = Buffer.from(b64!, 'base64');
    // Only the canonical encoding: no spare bits set, so no two texts carry the same signature.
    if (signed.toString('base64') !== b64) throw new Error(`not a signature line: ${line}`);
    if (name !== verifier.name || !signed.subarray(0, 4).equals(verifier.keyHash)) continue;
    if (
      signed.length !== 68 ||
      !verify(null, Buffer.from(text), ed25519Key(verifier.publicKey), signed.subarray(4))
    )
      throw new Error('the note’s signature does not verify');
    return text;
  }
  throw new Error(`the note is not signed by ${verifier.name}`);
}

export interface Checkpoint {
  origin: string;
  size: number;
  root: Uint8Array;
}

/** A checkpoint's body: origin, tree size and base64 root hash, one to a line (extension lines may follow). */
export function readCheckpoint(text: string): Checkpoint {
  const [origin, size, root] = text.split('\n');
  if (!origin || !/^(0|[1-9][0-9]*)$/.test(size ?? '') || !root) throw new Error('not a checkpoint');
  const hash = Buffer.from(root, 'base64');
  if (hash.length !== 32 || hash.toString('base64') !== root)
    throw new Error('not a checkpoint: bad root hash');
  return { origin, size: Number(size), root: new Uint8Array(hash) };
}
