/**
 * A prize's frozen snapshot (DESIGN §4), kept as one row of two byte strings:
 * its lines, `<pid>:<entries>\n` in pid byte order (for the ASCII pseudonyms,
 * the order of JavaScript's `<` the hash is defined by), exactly the bytes its
 * hash covers, and the masked names, a line each in the same order. The
 * database writes it in one statement, and it is read back a slice of bytes at a
 * time, so a draw of a million neither builds nor holds it as one value.
 */
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Participant } from '../../../shared/draw-keys';
import { type Executor, rowsOf } from '../../db/client';
import { drawSnapshots, prizeEntries, users } from '../../db/schema';
import { maskUsernameSql } from '../../lib/mask';
import { notSuspendedSql } from '../accounts/sign-in-rules';
import { WinnerPicker } from './pick-winners';
import { SecondPicker } from './second-picker';
import { eachLine } from './snapshot-lines';

/** The database's memory for sorting a snapshot: half a million participants' rows and their lines. */
const SNAPSHOT_SORT_MEMORY = '128MB';

/**
 * Bytes read at a time: about 6,000 participants, so a million take a few hundred round trips, each
 * fetched while the last is worked through. Larger slices were no faster and left more for the
 * collector: at a megabyte, reading a proof of 500,000 raised the server's peak by about 100 MB.
 */
const SNAPSHOT_SLICE_BYTES = 1 << 18;

/**
 * Who holds how many entries of the prize now, names masked by the database. A
 * member suspended when entries close is not a participant, nor is a member of
 * staff (made staff after entering): staff never play (DESIGN §12).
 */
export const participantsNow = (tx: Executor, prizeId: string, now: Date) =>
  tx
    .select({
      prizeId: prizeEntries.prizeId,
      pid: prizeEntries.pid,
      username: maskUsernameSql(users.username).as('username'),
      entries: prizeEntries.entries,
    })
    .from(prizeEntries)
    .innerJoin(users, eq(users.id, prizeEntries.userId))
    .where(and(eq(prizeEntries.prizeId, prizeId), notSuspendedSql(now), isNull(users.staffRole)));

/**
 * Writes the participants as the prize's snapshot, without them passing through JavaScript, and
 * answers its hash: SHA-256 of its lines, as the shared snapshotHash computes it.
 */
export async function fillSnapshot(tx: Executor, prizeId: string, now: Date) {
  // A snapshot the prize was never marked frozen with is not its snapshot: it is replaced.
  await tx.delete(drawSnapshots).where(eq(drawSnapshots.prizeId, prizeId));
  // A big prize's sort fits here rather than on disk.
  await tx.execute(sql`set local work_mem = '${sql.raw(SNAPSHOT_SORT_MEMORY)}'`);
  // One sort for both lists: plain aggregates take the participants in the order the subquery sorted
  // them, as nothing here runs in parallel; an ORDER BY in each aggregate would sort them once per list,
  // and a window over them all cost twice what the aggregates do.
  await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
  const entered = participantsNow(tx, prizeId, now)
    .orderBy(sql`${prizeEntries.pid} collate "C"`)
    .as('entered');
  // A masked name is never a line break, nor holds one: masking keeps the trimmed name's ends and stars.
  const listed = (line: SQL) => sql`convert_to(string_agg(${line}, chr(10)) || chr(10), 'UTF8')`;
  const lists = tx
    .select({
      participants: sql<number>`count(*)`.as('participants'),
      lines: listed(sql`${entered.pid} || ':' || ${entered.entries}`).as('lines'),
      names: listed(sql`${entered.username}`).as('names'),
    })
    .from(entered)
    .as('lists');
  const [row] = await tx
    .insert(drawSnapshots)
    .select(
      // Nobody entered is an empty snapshot, not none.
      tx
        .select({
          prizeId: sql`${prizeId}::uuid`.as('prize_id'),
          participants: lists.participants,
          lines: sql`coalesce(${lists.lines}, ''::bytea)`.as('lines'),
          names: sql`coalesce(${lists.names}, ''::bytea)`.as('names'),
        })
        .from(lists),
    )
    .returning({ hash: sql<string>`encode(sha256(${drawSnapshots.lines}), 'hex')` });
  return row!.hash;
}

/** Whether anyone is in the prize's snapshot. */
export async function hasParticipants(db: Executor, prizeId: string) {
  const [row] = await db
    .select({ participants: drawSnapshots.participants })
    .from(drawSnapshots)
    .where(eq(drawSnapshots.prizeId, prizeId));
  return (row?.participants ?? 0) > 0;
}

/** How far past a slice's nominal end its last line is looked for: lines of a pid and entries, and names, are far shorter. */
const LONGEST_LINE = 4096;

/**
 * One of the snapshot's lists, a slice at a time, as text of whole lines. Each slice runs on from
 * `sliceBytes` to the next line break, a byte no other UTF-8 character holds, so it is whole
 * characters and comes as text. (A line longer than LONGEST_LINE would be finished by the next
 * slice, or refused by convert_from if cut inside a character: an error, never a misreading.) The
 * next slice is asked for before this one is handed over, so the database reads it while the caller works.
 */
async function* linesOf(db: Executor, prizeId: string, list: 'lines' | 'names', sliceBytes: number) {
  const column = drawSnapshots[list];
  const slice = async (from: number) => {
    const [row] = await rowsOf<{ text: string; bytes: number; more: boolean }>(
      db,
      sql`select convert_from(part, 'UTF8') as text, octet_length(part) as bytes, octet_length(part) = length as more
            from ${drawSnapshots}
           cross join lateral (select ${sliceBytes}::int + coalesce(nullif(position('\x0a'::bytea in
             substring(${column} from ${from + sliceBytes + 1} for ${LONGEST_LINE})), 0), ${LONGEST_LINE}) as length) l
           cross join lateral (select substring(${column} from ${from + 1} for l.length) as part) p
           where ${drawSnapshots.prizeId} = ${prizeId}`,
    );
    return row ?? { text: '', bytes: 0, more: false };
  };
  let carried = '';
  let next = slice(0);
  for (let from = 0; ; ) {
    const { text: read, bytes, more } = await next;
    from += bytes;
    if (more) {
      next = slice(from);
      // Awaited on the next turn; should the caller stop first, its failure must not go unhandled.
      next.catch(() => {});
    }
    const text = carried + read;
    const end = more ? text.lastIndexOf('\n') + 1 : text.length;
    carried = text.slice(end);
    if (end > 0) yield text.slice(0, end);
    if (!more) return;
  }
}

/** The participants in some snapshot lines. */
function participantsIn(lines: string) {
  const participants: Participant[] = [];
  eachLine(lines, (start, end, entries) => participants.push({ _id: lines.slice(start, end), entries }));
  return participants;
}

/** The winners' pids, first drawn first, drawn from the snapshot as it streams past. */
export async function drawFromSnapshot(
  db: Executor,
  prizeId: string,
  {
    key,
    snapshotHash,
    count,
    sliceBytes = SNAPSHOT_SLICE_BYTES,
  }: {
    key: string;
    snapshotHash: string;
    count: number;
    sliceBytes?: number;
  },
) {
  const picker = new WinnerPicker(key, snapshotHash, count);
  let second: SecondPicker | undefined;
  try {
    let slices = 0;
    for await (const lines of linesOf(db, prizeId, 'lines', sliceBytes)) {
      // A snapshot of more than one slice is worth a second core: it is given every other slice.
      if (slices++ % 2 === 0) {
        picker.addLines(lines);
        continue;
      }
      second ??= new SecondPicker(key, snapshotHash, count);
      second.add(lines);
    }
    if (second) picker.offer(await second.best());
  } finally {
    second?.stop();
  }
  return picker.winners();
}

/**
 * A prize's frozen participants, in pid order, as the proof lists them: read a slice at a time, so a
 * proof of a million is sent as it is read and never held whole.
 */
export async function* snapshotParticipants(
  db: Executor,
  prizeId: string,
  sliceBytes = SNAPSHOT_SLICE_BYTES,
) {
  const names = linesOf(db, prizeId, 'names', sliceBytes);
  let held: string[] = [];
  let at = 0;
  for await (const lines of linesOf(db, prizeId, 'lines', sliceBytes)) {
    for (const { _id, entries } of participantsIn(lines)) {
      while (at === held.length) {
        const next = await names.next();
        if (next.done) throw new Error(`the snapshot of prize ${prizeId} has fewer names than participants`);
        held = next.value.split('\n');
        held.pop();
        at = 0;
      }
      yield { _id, username: held[at++]!, entries };
    }
  }
  await names.return(undefined);
}
