import type { FastifyReply } from 'fastify';
import type { PayoutDetails } from '../../../contract/cash';
import type { ClaimRequest } from '../../../contract/wins';
import type { Db } from '../../db/client';
import { sendCsv } from '../../lib/csv';
import { pages } from '../../lib/cursor';
import { penceToPounds } from '../../lib/money';
import * as repo from './repository';

const CSV_PAGE = 1000;

/** What a winner gave when claiming, for delivery or payment (their date of birth stays out of the file). */
const delivery = (details: string | null): Partial<ClaimRequest> => (details ? JSON.parse(details) : {});

/** How to pay a cash prize, in one cell. */
const payoutCell = (payout: PayoutDetails | undefined) =>
  !payout
    ? undefined
    : payout.method === 'paypal'
      ? `PayPal ${payout.paypalEmail}`
      : `Bank transfer to ${payout.accountName}, sort code ${payout.sortCode}, account ${payout.accountNumber}`;

/** Every winner, newest draw first, with what is needed to deliver the prize. */
export async function streamWinners(db: Db, reply: FastifyReply) {
  const rows = pages<Awaited<ReturnType<typeof repo.allWins>>[number]>(
    (last) => repo.allWins(db, last && [last.at, last.win.prizeId, last.win.position], CSV_PAGE),
    CSV_PAGE,
  );
  return sendCsv(
    reply,
    'winners.csv',
    {
      drawn_at: ({ win }) => win.drawnAt.toISOString(),
      prize_id: ({ prize }) => prize.id,
      prize: ({ prize }) => prize.title,
      value: ({ prize }) => penceToPounds(prize.valuePence),
      place: ({ win }) => win.position,
      member_id: ({ user }) => user.id,
      username: ({ user }) => user.username,
      email: ({ user }) => user.email,
      notified: ({ win }) => win.notified,
      claimed_at: ({ win }) => win.claimedAt?.toISOString(),
      forfeit_reason: ({ win }) => win.forfeitReason,
      full_name: ({ win }) => delivery(win.deliveryDetails).fullName,
      address: ({ win }) => delivery(win.deliveryDetails).address,
      postcode: ({ win }) => delivery(win.deliveryDetails).postcode,
      phone: ({ win }) => delivery(win.deliveryDetails).phone,
      payout: ({ win }) => payoutCell(delivery(win.deliveryDetails).payout),
    },
    rows,
  );
}
