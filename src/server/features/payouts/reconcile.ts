import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { DAY_MS, SECOND_MS } from '../../../contract/constants';
import { withdrawalMoves, withdrawals } from '../../db/schema';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { ProviderUnavailable } from './provider';
import { applyReading, type Sending } from './sending';

/** PayPal returns unclaimed money after 30 days: its member is reminded on these days. */
export const UNCLAIMED_REMINDER_DAYS = [7, 25] as const;

/**
 * Reads back every payout sent at least `afterSeconds` ago that has not
 * settled, so one whose webhook never came is settled all the same (DESIGN
 * §17), and reminds members of PayPal money they have not claimed. A provider
 * that fails on its side leaves its payouts for the next run.
 */
export async function reconcilePayouts(s: Sending, afterSeconds: number) {
  const now = s.clock.now();
  const providers = Object.keys(s.providers) as Array<'paypal' | 'tremendous'>;
  if (providers.length === 0) return { read: 0, moved: 0, reminded: 0 };
  const due = await s.db
    .select({ id: withdrawals.id, provider: withdrawals.provider, ref: withdrawals.providerRef })
    .from(withdrawals)
    .innerJoin(
      withdrawalMoves,
      and(eq(withdrawalMoves.withdrawalId, withdrawals.id), eq(withdrawalMoves.status, 'submitted')),
    )
    .where(
      and(
        inArray(withdrawals.status, ['submitted', 'unclaimed']),
        inArray(withdrawals.provider, providers),
        lte(withdrawalMoves.at, new Date(now.getTime() - afterSeconds * SECOND_MS)),
      ),
    )
    .orderBy(asc(withdrawalMoves.at));
  let read = 0;
  let moved = 0;
  for (const w of due) {
    if (!w.ref) continue;
    try {
      const reading = await s.providers[w.provider as 'paypal' | 'tremendous']!.read(w.ref);
      read++;
      if (await s.db.transaction((tx) => applyReading(tx, s.clock, w.id, reading, 'read back'))) moved++;
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
    }
  }
  return { read, moved, reminded: await remindUnclaimed(s) };
}

/** Each unclaimed payout's reminders that are due, each sent once (the notice's key names its day). */
async function remindUnclaimed(s: Sending) {
  const now = s.clock.now();
  const unclaimed = await s.db
    .select({ w: withdrawals, since: withdrawalMoves.at })
    .from(withdrawals)
    .innerJoin(
      withdrawalMoves,
      and(eq(withdrawalMoves.withdrawalId, withdrawals.id), eq(withdrawalMoves.status, 'unclaimed')),
    )
    .where(eq(withdrawals.status, 'unclaimed'));
  let reminded = 0;
  for (const { w, since } of unclaimed) {
    const days = Math.floor((now.getTime() - since.getTime()) / DAY_MS);
    for (const day of UNCLAIMED_REMINDER_DAYS) {
      if (days < day) continue;
      const notice = notices.withdrawalUnclaimed({ ...w, paypalEmail: w.details.paypalEmail ?? '' }, day);
      if (await notify(s.db, w.userId, notice, now)) reminded++;
    }
  }
  return reminded;
}
