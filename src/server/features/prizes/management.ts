import { eq } from 'drizzle-orm';
import { HOUR_MS } from '../../../contract/constants';
import type { NewPrize, PrizeChanges } from '../../../contract/prizes';
import type { FixedRound } from '../../../shared/beacon';
import type { Config } from '../../config';
import type { Db, Executor, Tx } from '../../db/client';
import { prizes } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import { type AuditActor, changedFields, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { toPence } from '../../lib/money';
import { refund } from '../earning/moves';
import { requestApproval } from '../four-eyes/asking';
import { appendLeaf } from '../transparency/log';
import type { DrawBeacon } from './beacon';
import { commitDraw, roundFor } from './commitment';
import type { PrizeRow } from './repository';
import * as repo from './repository';
import { cancellableAlone, currentStatus, isEditable, isFinished } from './rules';
import { prizeNotFound } from './service';

/** Admins' changes to prizes: creating, editing (going live), cancelling with refunds. */

const locked = (message: string) => conflict(message, 'prize_locked');

/**
 * A live prize stays open at least `hours` from when it opened (its start, or now if it goes live
 * later), so nobody is rushed to enter (DESIGN §19, the DCMS code's minimum period); 0 turns it off.
 */
function keepsOpenLongEnough(opens: Date, closes: Date, hours: number) {
  if (closes.getTime() - opens.getTime() < hours * HOUR_MS)
    throw badRequest(
      `A prize must stay open at least ${hours} hours once it is live: close it at ${new Date(opens.getTime() + hours * HOUR_MS).toISOString()} or later`,
      'too_short',
    );
}

const later = (a: Date, b: Date) => (a > b ? a : b);

/** Contract fields to columns: pounds to pence, ISO strings to dates. */
function toColumns({ value, startDate, endDate, ...rest }: PrizeChanges) {
  return {
    ...rest,
    ...(value !== undefined && { valuePence: toPence(value) }),
    ...(startDate !== undefined && { startDate: new Date(startDate) }),
    ...(endDate !== undefined && { endDate: new Date(endDate) }),
  };
}

/** The public terms of a live prize, as the log records them when it opens or they change. */
const publicTerms = (p: PrizeRow) => ({
  prize: p.id,
  title: p.title,
  prizeType: p.type,
  valuePence: p.valuePence,
  winners: p.totalWinners,
  entryCost: p.entryCost,
  maxEntriesPerUser: p.maxEntriesPerUser,
  minimumEntries: p.minimumEntries,
  opens: p.startDate.toISOString(),
  closes: p.endDate.toISOString(),
  drawDay: p.drawDay,
  commitment: p.commitment ?? '',
  beaconRound: p.beacon?.round ?? null,
});

const prizeLeaf = (p: PrizeRow, now: Date) =>
  ({ type: 'prize', ...publicTerms(p), at: now.toISOString() }) as const;

export async function createPrize(
  db: Executor,
  { value, startDate, endDate, ...rest }: NewPrize,
  { beacon, now, minOpenHours = 0 }: { beacon?: DrawBeacon; now: Date; minOpenHours?: number },
) {
  const end = new Date(endDate);
  if (rest.status === 'active') keepsOpenLongEnough(later(new Date(startDate), now), end, minOpenHours);
  const row = await repo.insertPrize(db, {
    ...rest,
    valuePence: toPence(value),
    startDate: new Date(startDate),
    endDate: end,
    ...(rest.status === 'active' && (await commitDraw(beacon, end, now))),
  });
  if (row.status === 'active') await appendLeaf(db, prizeLeaf(row, now));
  return row;
}

/** An admin's new prize, recorded in the audit log with it. */
export function adminCreatePrize(
  db: Db,
  actor: AuditActor,
  input: NewPrize,
  opts: { beacon?: DrawBeacon; now: Date; minOpenHours: number },
) {
  return db.transaction(async (tx) => {
    const prize = await createPrize(tx, input, opts);
    await recordAudit(
      tx,
      actor,
      {
        action: 'prize.create',
        targetType: 'prize',
        targetId: prize.id,
        summary: `Created ${prize.status === 'active' ? 'and opened ' : ''}"${prize.title}"`,
        after: input,
      },
      opts.now,
    );
    return prize;
  });
}

/**
 * Edits a prize until its end date; setting a draft's status to active makes
 * it live, with its draw committed. Once anyone has entered, the entry cost is
 * fixed (refunds are worked out from it) and an active prize cannot go back to
 * draft. A live prize's beacon round moves with its end date.
 */
export async function updatePrize(
  db: Db,
  { clock, beacon, config }: { clock: Clock; beacon?: DrawBeacon; config: Pick<Config, 'prizeMinOpenHours'> },
  actor: AuditActor,
  id: string,
  input: PrizeChanges,
) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const prize = await repo.lockPrize(tx, id);
    if (!prize) throw prizeNotFound();
    if (!isEditable(prize, now))
      throw locked(`A ${currentStatus(prize, now).replaceAll('_', ' ')} prize cannot be edited`);
    if (prize.status === 'active' && input.status === 'draft')
      throw locked('An active prize cannot go back to draft');
    if (prize.totalEntries > 0 && input.entryCost !== undefined && input.entryCost !== prize.entryCost) {
      throw locked('The entry cost cannot change once people have entered');
    }
    const start = input.startDate ? new Date(input.startDate) : prize.startDate;
    const end = input.endDate ? new Date(input.endDate) : prize.endDate;
    if (end <= start) throw badRequest('End date must be after the start date');
    // Going live now opens it now at the earliest; one already live opened at its start.
    const goesLive = prize.status !== 'active' && input.status === 'active';
    const live = prize.status === 'active' || goesLive;
    if (live && (goesLive || input.endDate || input.startDate))
      keepsOpenLongEnough(goesLive ? later(start, now) : start, end, config.prizeMinOpenHours);
    const columns = toColumns(input);
    await repo.updatePrizeRow(tx, id, {
      ...columns,
      ...(prize.status !== 'active' && input.status === 'active' && (await commitDraw(beacon, end, now))),
      ...(prize.status === 'active' &&
        prize.beacon &&
        input.endDate &&
        (await movedRound(beacon, prize.beacon, end, now))),
    });
    const diff = changedFields(prize, columns);
    await recordAudit(
      tx,
      actor,
      {
        action: 'prize.update',
        targetType: 'prize',
        targetId: id,
        summary: `Edited "${columns.title ?? prize.title}": ${Object.keys(diff.after).join(', ') || 'nothing changed'}`,
        ...diff,
      },
      now,
    );
    const updated = (await repo.selectPrize(tx, eq(prizes.id, id)))!;
    // A prize going live, or a live prize's terms changing, is public from that moment.
    if (
      updated.status === 'active' &&
      JSON.stringify(publicTerms(updated)) !== JSON.stringify(publicTerms(prize))
    )
      await appendLeaf(tx, prizeLeaf(updated, now));
    return updated;
  });
}

/** A live prize's round follows its end date, on the chain it committed to. */
async function movedRound(beacon: DrawBeacon | undefined, fixed: FixedRound, end: Date, now: Date) {
  if (!beacon)
    throw locked(
      'This prize is drawn with the public beacon, so its end date can change only while DRAW_BEACON is on',
    );
  const moved = await roundFor(beacon, end, now);
  if (moved.chainHash !== fixed.chainHash)
    throw locked('This prize committed to another beacon chain, so its end date cannot change');
  return { beacon: moved };
}

/**
 * Cancels a prize not yet drawn and gives every participant back what they
 * spent, through the ledger; the reason is published on the prize. Once its
 * entries have closed, whoever can see the draw coming could cancel a draw
 * they dislike: then it waits for a second member of staff (202, DESIGN §12),
 * and is made by cancelIn once approved.
 */
export const cancelPrize = (
  db: Db,
  clock: Clock,
  actor: AuditActor & { id: string },
  id: string,
  reason: string,
) => db.transaction((tx) => cancelIn(tx, clock, actor, id, reason));

export async function cancelIn(
  tx: Tx,
  clock: Clock,
  actor: AuditActor & { id: string },
  id: string,
  reason: string,
  approved = false,
) {
  const now = clock.now();
  const prize = await repo.lockPrize(tx, id);
  if (!prize) throw prizeNotFound();
  if (isFinished(prize))
    throw locked(
      prize.status === 'drawn' ? 'A drawn prize cannot be cancelled' : 'This prize is already cancelled',
    );
  if (!approved && !cancellableAlone({ ...prize, frozen: prize.snapshotAt !== null }, now)) {
    const people = (await repo.holdersOf(tx, id)).length;
    return requestApproval(tx, actor, now, {
      kind: 'prize_cancel',
      targetId: id,
      payload: { prizeId: id, reason },
      summary: `Cancel "${prize.title}" after its entries closed, refunding ${people} ${people === 1 ? 'person' : 'people'} (${reason})`,
    });
  }
  const holders = await repo.holdersOf(tx, id);
  for (const h of holders) {
    await refund(tx, {
      userId: h.userId,
      amount: h.entries * prize.entryCost,
      reason: 'prize_cancelled_refund',
      reference: id,
      idempotencyKey: `refund:${id}:${h.userId}`,
      at: now,
    });
  }
  await repo.markCancelled(tx, id, now, reason);
  await appendLeaf(tx, {
    type: 'cancel',
    prize: id,
    reason,
    refunded: holders.length,
    at: now.toISOString(),
  });
  await recordAudit(
    tx,
    actor,
    {
      action: 'prize.cancel',
      targetType: 'prize',
      targetId: id,
      summary: `Cancelled "${prize.title}" (${reason}); ${holders.length} ${holders.length === 1 ? 'person' : 'people'} refunded`,
      before: { status: prize.status },
      after: { status: 'cancelled', reason },
    },
    now,
  );
  return { prize, refunded: holders.length };
}
