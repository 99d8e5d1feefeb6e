import { urlOf } from '../../../contract/endpoint';
import { logLeaf } from '../../../contract/transparency';
import { transparencyApi } from '../../../contract/transparency-api';
import { leafHash, verifyConsistency, verifyInclusion } from '../../../shared/merkle';
import { fromBase64, openCheckpoint, toBase64 } from '../../../shared/signed-note';
import { call } from '../../lib/call';
import { counted } from '../../lib/format';

/**
 * The member's own check of the public log (DESIGN §18), in their browser:
 * the newest checkpoint's signature, its consistency with the last checkpoint
 * this browser saw (kept in localStorage), and each receipt's leaf, naming the
 * member's prize and pseudonym, proven in it. A log found rewritten is not
 * remembered as seen, so the warning stays until it is explained.
 */

export interface Receipt {
  index: number;
  prizeId: string;
  pid: string;
}

export type LogCheck =
  | { state: 'ok'; size: number; origin: string; checked: number; pending: number }
  | { state: 'rewritten'; size: number; origin: string; why: string };

const SEEN_KEY = 'public-log:seen';
interface Seen {
  verifierKey: string;
  size: number;
  root: string;
}

function lastSeen(): Seen | undefined {
  try {
    return JSON.parse(localStorage.getItem(SEEN_KEY) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Whether a leaf's bytes are an entry of this member's into this prize. */
function names(data: Uint8Array, receipt: Receipt) {
  try {
    const leaf = logLeaf.parse(JSON.parse(new TextDecoder().decode(data)));
    return leaf.type === 'entry' && leaf.prize === receipt.prizeId && leaf.pid === receipt.pid;
  } catch {
    return false;
  }
}

export async function checkReceipts(receipts: readonly Receipt[]): Promise<LogCheck> {
  const { verifierKey } = await call(transparencyApi.key);
  const answer = await fetch(urlOf(transparencyApi.checkpoint), { cache: 'no-cache' });
  if (!answer.ok) throw new Error(`checkpoint: ${answer.status}`);
  const checkpoint = openCheckpoint(await answer.text(), verifierKey);
  const origin = verifierKey.split('+')[0]!;
  const rewritten = (why: string): LogCheck => ({
    state: 'rewritten',
    size: checkpoint?.size ?? 0,
    origin,
    why,
  });
  if (!checkpoint) return rewritten('Its newest checkpoint is not signed by its key.');

  const seen = lastSeen();
  if (seen && seen.verifierKey !== verifierKey) return rewritten('It is now signed with a different key.');
  if (seen && seen.size > 0) {
    const { hashes } =
      seen.size < checkpoint.size
        ? await call(transparencyApi.consistency, { query: { from: seen.size, to: checkpoint.size } })
        : { hashes: [] };
    if (
      !verifyConsistency(
        seen.size,
        checkpoint.size,
        fromBase64(seen.root),
        checkpoint.root,
        hashes.map(fromBase64),
      )
    )
      return rewritten(`It no longer extends the ${counted(seen.size, 'record', 'records')} you saw before.`);
  }

  let checked = 0;
  let pending = 0;
  for (const receipt of receipts) {
    // Newer than the checkpoint: covered by the next one, within a minute.
    if (receipt.index >= checkpoint.size) {
      pending++;
      continue;
    }
    const query = { start: receipt.index, end: receipt.index + 1 };
    const [{ leaves }, { hashes }] = await Promise.all([
      call(transparencyApi.leaves, { query }),
      call(transparencyApi.inclusion, { query: { index: receipt.index, size: checkpoint.size } }),
    ]);
    const data = leaves[0] ? fromBase64(leaves[0].data) : new Uint8Array();
    if (
      !names(data, receipt) ||
      !verifyInclusion(
        receipt.index,
        checkpoint.size,
        leafHash(data),
        hashes.map(fromBase64),
        checkpoint.root,
      )
    )
      return rewritten(`Your receipt #${receipt.index} is not in it as you made it.`);
    checked++;
  }
  const now: Seen = { verifierKey, size: checkpoint.size, root: toBase64(checkpoint.root) };
  localStorage.setItem(SEEN_KEY, JSON.stringify(now));
  return { state: 'ok', size: checkpoint.size, origin, checked, pending };
}
