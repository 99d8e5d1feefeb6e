/**
 * The verifiable draw (DESIGN §4), written once and run both by the server to
 * pick winners and by the browser to check them. Only WebCrypto is used, so the
 * same code runs in Node and in any modern browser.
 *
 * Weighted sampling without replacement (Efraimidis–Spirakis): each participant
 * gets key = ln(u) / entries, where u is a uniform number in (0, 1) derived from
 * HMAC-SHA256(seed, "<snapshotHash>:<_id>"); the largest keys win.
 */

export const DRAW_ALGORITHM =
  'Efraimidis-Spirakis weighted sampling: key = ln(u) / entries, u = (first 52 bits of HMAC-SHA256(seed, "<snapshotHash>:<_id>") + 0.5) / 2^52; largest keys win, ties to the smaller _id';

export interface Participant {
  _id: string;
  entries: number;
}

const encoder = new TextEncoder();
const byId = (a: Participant, b: Participant) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('not a hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export const bytesToHex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return bytesToHex(await crypto.subtle.digest('SHA-256', bytes));
}

/** The frozen list of who held how many entries: one `<_id>:<entries>\n` line each, sorted by _id. */
export function snapshotText(participants: Participant[]): string {
  return [...participants]
    .sort(byId)
    .map((p) => `${p._id}:${p.entries}\n`)
    .join('');
}

export const snapshotHash = (participants: Participant[]) => sha256Hex(snapshotText(participants));

/** The commitment published before the draw: sha256 of the seed's bytes. */
export const commitmentFor = (seedHex: string) => sha256Hex(hexToBytes(seedHex));

/** Every participant's key, in snapshot order. */
export async function drawKeys(seedHex: string, snapshot: string, participants: Participant[]) {
  const key = await crypto.subtle.importKey(
    'raw',
    hexToBytes(seedHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return Promise.all(
    [...participants].sort(byId).map(async (p) => {
      const h = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${snapshot}:${p._id}`)));
      let first56 = 0n;
      for (let i = 0; i < 7; i++) first56 = (first56 << 8n) | BigInt(h[i]!);
      const u = (Number(first56 >> 4n) + 0.5) / 2 ** 52;
      return { ...p, key: Math.log(u) / p.entries };
    }),
  );
}

/** The winners' ids, first drawn first: the `count` largest keys, ties going to the smaller _id. */
export async function pickWinners(
  seedHex: string,
  snapshot: string,
  participants: Participant[],
  count: number,
) {
  const keys = await drawKeys(
    seedHex,
    snapshot,
    participants.filter((p) => p.entries > 0),
  );
  return keys
    .sort((a, b) => b.key - a.key || byId(a, b))
    .slice(0, count)
    .map((k) => k._id);
}

export interface DrawProof {
  commitment: string;
  seed: string;
  snapshotHash: string;
  participants: Array<Participant & { username: string }>;
  winners: string[];
  totalWinners: number;
}

/** What the verification page reports: each check on its own, so a mismatch says where. */
export async function verifyDraw(proof: DrawProof) {
  const commitmentMatches = (await commitmentFor(proof.seed)) === proof.commitment;
  const snapshotMatches = (await snapshotHash(proof.participants)) === proof.snapshotHash;
  const recomputed = await pickWinners(
    proof.seed,
    proof.snapshotHash,
    proof.participants,
    proof.totalWinners,
  );
  const winnersMatch =
    recomputed.length === proof.winners.length && recomputed.every((id, i) => id === proof.winners[i]);
  return {
    commitmentMatches,
    snapshotMatches,
    winnersMatch,
    recomputed,
    verified: commitmentMatches && snapshotMatches && winnersMatch,
  };
}
