import { eq } from 'drizzle-orm';
import type { PayoutDetails } from '../../../contract/cash';
import type { WithdrawalMethod } from '../../../contract/gamification-rules';
import type { Executor } from '../../db/client';
import { prizes } from '../../db/schema';
import { SITE } from '../../lib/audit-log';
import { staffNotices, tellStaff } from '../notifications/staff-notices';
import { moveWithdrawal } from '../payouts/moves';
import { recordStep } from '../payouts/timeline';
import * as repo from './repository';

/** A won prize's payout of its value, asked for now, in the claim's transaction: its row and its first step. */
async function prizePayout(
  tx: Executor,
  win: { prizeId: string; userId: string },
  method: WithdrawalMethod,
  details: Record<string, string>,
  now: Date,
) {
  const [prize] = await tx
    .select({ valuePence: prizes.valuePence, title: prizes.title })
    .from(prizes)
    .where(eq(prizes.id, win.prizeId));
  const row = await repo.insertWithdrawal(tx, {
    userId: win.userId,
    prizeId: win.prizeId,
    amountPence: prize!.valuePence,
    method,
    details,
    requestedAt: now,
  });
  await recordStep(tx, row.id, 'pending', now);
  return { row, title: prize!.title };
}

/**
 * A claimed cash prize's payout (DESIGN §17): a withdrawal row of the prize's
 * value to where the winner asked, paid as any withdrawal is, staff told.
 * Nothing leaves the cash balance: the prize was never in it. Should the
 * payout fail or come back, the money goes into the balance, to be withdrawn
 * from there.
 */
export async function askPrizePayout(
  tx: Executor,
  win: { prizeId: string; userId: string; username: string; payout: PayoutDetails },
  now: Date,
) {
  const { method, ...details } = win.payout;
  const { row, title } = await prizePayout(tx, win, method, details, now);
  await tellStaff(
    tx,
    'payouts',
    staffNotices.prizePayout({ id: row.id, amountPence: row.amountPence, username: win.username, title }),
    now,
  );
  return row;
}

/**
 * A claimed gift-card prize sent through Tremendous (DESIGN §17): a payout of
 * the prize's value to the winner's own email address, approved by the site
 * (the draw chose the winner; nobody chooses the amount), sent by the job.
 */
export async function sendGiftCard(
  tx: Executor,
  win: { prizeId: string; userId: string; name: string; email: string },
  now: Date,
) {
  const { row } = await prizePayout(tx, win, 'giftcard', { name: win.name, email: win.email }, now);
  await moveWithdrawal(tx, SITE, row.id, {
    to: 'approved',
    at: now,
    provider: 'tremendous',
    note: 'a gift-card prize',
  });
  return row;
}
