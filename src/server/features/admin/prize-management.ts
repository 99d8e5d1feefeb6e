import { and, eq, inArray } from 'drizzle-orm';
import type { CreatePrizeBody, UpdatePrizeBody } from '../../../contract/prizes';
import type { Db } from '../../db/client';
import { prizeEntries, prizes } from '../../db/schema';
import { AppError, conflict } from '../../lib/app-error';
import { newDrawSeed } from '../../lib/commitment';
import { isUuid } from '../../lib/ids';
import { credit } from '../../lib/ledger';
import { lockPrize } from '../draws/repository';
import { prizeNotFound } from '../prizes/service';

type PrizeInput = Omit<UpdatePrizeBody, 'value' | 'startDate' | 'endDate'> & {
  value?: number;
  startDate?: string;
  endDate?: string;
};

/** Contract fields to columns: pounds to pence, ISO strings to dates. */
function toColumns({ value, startDate, endDate, ...rest }: PrizeInput) {
  return {
    ...rest,
    ...(value !== undefined && { valuePence: Math.round(value * 100) }),
    ...(startDate !== undefined && { startDate: new Date(startDate) }),
    ...(endDate !== undefined && { endDate: new Date(endDate) }),
  };
}

/** A prize goes live with its draw seed already fixed and its commitment published. */
const seedIfActive = (status: string | undefined) => (status === 'active' ? newDrawSeed() : {});

export async function createPrize(
  db: Db,
  input: Required<Pick<CreatePrizeBody, 'startDate' | 'endDate'>> & PrizeInput,
) {
  const [row] = await db
    .insert(prizes)
    .values({ ...(toColumns(input) as typeof prizes.$inferInsert), ...seedIfActive(input.status) })
    .returning();
  return row!;
}

const locked = (message: string) => conflict(message, 'prize_locked');

/**
 * Edits a draft or active prize. Once anyone has entered, the entry cost is
 * fixed (refunds are worked out from it) and an active prize cannot go back to draft.
 */
export async function updatePrize(db: Db, id: string, input: PrizeInput) {
  if (!isUuid(id)) throw prizeNotFound();
  return db.transaction(async (tx) => {
    const prize = await lockPrize(tx, id);
    if (!prize) throw prizeNotFound();
    if (prize.status !== 'draft' && prize.status !== 'active')
      throw locked(`A ${prize.status.replaceAll('_', ' ')} prize cannot be edited`);
    if (prize.status === 'active' && input.status === 'draft')
      throw locked('An active prize cannot go back to draft');
    if (prize.totalEntries > 0 && input.entryCost !== undefined && input.entryCost !== prize.entryCost) {
      throw locked('The entry cost cannot change once people have entered');
    }
    const start = input.startDate ? new Date(input.startDate) : prize.startDate;
    const end = input.endDate ? new Date(input.endDate) : prize.endDate;
    if (end <= start) throw new AppError(400, 'End date must be after the start date', 'bad_request');
    const activating = prize.status === 'draft' && input.status === 'active' ? seedIfActive('active') : {};
    const [row] = await tx
      .update(prizes)
      .set({ ...toColumns(input), ...activating })
      .where(eq(prizes.id, id))
      .returning();
    return row!;
  });
}

/** Cancels a prize not yet drawn and gives every participant back what they spent, through the ledger. */
export async function cancelPrize(db: Db, id: string) {
  if (!isUuid(id)) throw prizeNotFound();
  return db.transaction(async (tx) => {
    const prize = await lockPrize(tx, id);
    if (!prize) throw prizeNotFound();
    if (prize.status === 'drawn') throw locked('A drawn prize cannot be cancelled');
    if (prize.status === 'cancelled') throw locked('This prize is already cancelled');
    // In user order, like every multi-user change, so two of them can never deadlock.
    const holders = await tx
      .select()
      .from(prizeEntries)
      .where(eq(prizeEntries.prizeId, id))
      .orderBy(prizeEntries.userId);
    for (const h of holders) {
      await credit(tx, {
        userId: h.userId,
        amount: h.entries * prize.entryCost,
        reason: 'prize_cancelled_refund',
        reference: id,
        idempotencyKey: `refund:${id}:${h.userId}`,
        earned: false,
      });
    }
    await tx
      .update(prizes)
      .set({ status: 'cancelled' })
      .where(and(eq(prizes.id, id), inArray(prizes.status, ['draft', 'active', 'ready_to_draw'])));
    return { prize, refunded: holders.length };
  });
}
