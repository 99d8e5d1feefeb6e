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
import { byId, type CheckOptions, type Participant, pickWinners } from './draw-keys';
import { checkReplacements, type Replacement, rankingNeeded } from './draw-replacements';

export const DRAW_ALGORITHM =
  'Efraimidis-Spirakis weighted sampling: key = ln(u) / entries, u = (first 52 bits of HMAC-SHA256(drawKey, "<snapshotHash>:<_id>") + 0.5) / 2^52; largest keys win, ties to the smaller _id; drawKey = the seed, or with a beacon SHA-256(seed bytes ‖ randomness bytes)';

const isSortedById = (participants: Participant[]) =>
  participants.every((p, i) => i === 0 || byId(participants[i - 1]!, p) <= 0);

/** The frozen list of who held how many entries: one `<_id>:<entries>\n` line each, sorted by _id. */
export function snapshotText(participants: Participant[]): string {
  // A published proof is already in order; checking is much cheaper than sorting 100,000 ids again.
  const sorted = isSortedById(participants) ? participants : [...participants].sort(byId);
  return sorted.map((p) => `${p._id}:${p.entries}\n`).join('');
}

export const snapshotHash = (participants: Participant[]) => sha256Hex(snapshotText(participants));

/** The commitment published before the draw: sha256 of the seed's bytes. */
export const commitmentFor = (seedHex: string) => sha256Hex(hexToBytes(seedHex));

/** The HMAC key of a draw: the seed alone, or mixed with the beacon round's randomness. */
export const drawKeyFor = async (seedHex: string, randomnessHex?: string) =>
  randomnessHex ? sha256Hex(hexToBytes(seedHex + randomnessHex)) : seedHex;

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
  /** Places passed on since the draw (absent in proofs made before any could be). */
  replacements?: Replacement[];
}

/** What the verification page reports: each check on its own, so a mismatch says where. */
export async function verifyDraw(proof: DrawProof, options: CheckOptions = {}) {
  const commitmentMatches = (await commitmentFor(proof.seed)) === proof.commitment;
  const snapshotMatches = (await snapshotHash(proof.participants)) === proof.snapshotHash;
  // The curve code loads only for a draw that used a beacon.
  const beacon =
    proof.beacon && (await (await import('./beacon')).checkBeacon(proof.beacon, new Date(proof.snapshotAt)));
  const passedOn = proof.replacements ?? [];
  // One pass over the keys ranks as far as the draw and every place passed on since reach.
  const ranking = await pickWinners(
    await drawKeyFor(proof.seed, proof.beacon?.randomness),
    proof.snapshotHash,
    proof.participants,
    Math.max(proof.totalWinners, rankingNeeded(proof.winners.length, passedOn, proof.participants.length)),
    options,
  );
  options.onProgress?.(1);
  const recomputed = ranking.slice(0, proof.totalWinners);
  const winnersMatch =
    recomputed.length === proof.winners.length && recomputed.every((id, i) => id === proof.winners[i]);
  const replacements = checkReplacements(ranking, recomputed, passedOn);
  const recomputedAlike =
    commitmentMatches && snapshotMatches && winnersMatch && replacements.every((r) => r.matches);
  const beaconSigned = !beacon || (beacon.signatureMatches && beacon.randomnessMatches);
  const verified =
    recomputedAlike && (!beacon || (beaconSigned && beacon.network !== null && beacon.roundAfterSnapshot));
  return {
    commitmentMatches,
    snapshotMatches,
    winnersMatch,
    replacements,
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
