/**
 * The verifiable draw (DESIGN §4), written once and run both by the server to
 * pick winners and by the browser to check them. Only WebCrypto is used, so the
 * same code runs in Node and in any modern browser.
 *
 * Weighted sampling without replacement (Efraimidis–Spirakis): each participant
 * gets key = ln(u) / entries, where u is a uniform number in (0, 1) derived from
 * HMAC-SHA256(drawKey, "<snapshotHash>:<_id>"); the largest keys win. The
 * drawKey is the seed, or with a public beacon SHA-256(seed ‖ the round's
 * randomness), so nobody can know the result before that round is published.
 */
import type { BeaconRound } from './beacon';
import { hexToBytes, sha256Hex } from './bytes';

export const DRAW_ALGORITHM =
  'Efraimidis-Spirakis weighted sampling: key = ln(u) / entries, u = (first 52 bits of HMAC-SHA256(drawKey, "<snapshotHash>:<_id>") + 0.5) / 2^52; largest keys win, ties to the smaller _id; drawKey = the seed, or with a beacon SHA-256(seed bytes ‖ randomness bytes)';

export interface Participant {
  _id: string;
  entries: number;
}

const encoder = new TextEncoder();
const byId = (a: Participant, b: Participant) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

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

/** The HMAC key of a draw: the seed alone, or mixed with the beacon round's randomness. */
export const drawKeyFor = async (seedHex: string, randomnessHex?: string) =>
  randomnessHex ? sha256Hex(hexToBytes(seedHex + randomnessHex)) : seedHex;

/** Every participant's key, in snapshot order. */
export async function drawKeys(keyHex: string, snapshot: string, participants: Participant[]) {
  const key = await crypto.subtle.importKey(
    'raw',
    hexToBytes(keyHex),
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
  keyHex: string,
  snapshot: string,
  participants: Participant[],
  count: number,
) {
  const keys = await drawKeys(
    keyHex,
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
  /** When the entries were frozen (ISO): a beacon round must come after it. */
  snapshotAt: string;
  beacon: BeaconRound | null;
}

/** What the verification page reports: each check on its own, so a mismatch says where. */
export async function verifyDraw(proof: DrawProof) {
  const commitmentMatches = (await commitmentFor(proof.seed)) === proof.commitment;
  const snapshotMatches = (await snapshotHash(proof.participants)) === proof.snapshotHash;
  // The curve code loads only for a draw that used a beacon.
  const beacon =
    proof.beacon && (await (await import('./beacon')).checkBeacon(proof.beacon, new Date(proof.snapshotAt)));
  const recomputed = await pickWinners(
    await drawKeyFor(proof.seed, proof.beacon?.randomness),
    proof.snapshotHash,
    proof.participants,
    proof.totalWinners,
  );
  const winnersMatch =
    recomputed.length === proof.winners.length && recomputed.every((id, i) => id === proof.winners[i]);
  const recomputedAlike = commitmentMatches && snapshotMatches && winnersMatch;
  const beaconSigned = !beacon || (beacon.signatureMatches && beacon.randomnessMatches);
  const verified =
    recomputedAlike && (!beacon || (beaconSigned && beacon.network !== null && beacon.roundAfterSnapshot));
  return {
    commitmentMatches,
    snapshotMatches,
    winnersMatch,
    beacon,
    recomputed,
    verified,
    /**
     * Verified only when every check holds; a draw whose only doubt is a beacon
     * network this code does not know says so rather than "does not match".
     */
    verdict: verified
      ? ('verified' as const)
      : recomputedAlike && beaconSigned && beacon?.network === null
        ? ('unknown-network' as const)
        : ('mismatch' as const),
  };
}
