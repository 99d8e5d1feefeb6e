import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { sendCsv } from '../../lib/csv';
import { pages } from '../../lib/cursor';
import { penceToPounds } from '../../lib/money';
import * as repo from './repository';

const CSV_PAGE = 1000;

/** Every withdrawal (or those in one state), oldest first, with where to pay it: for the payments team. */
export async function streamWithdrawals(
  db: Db,
  reply: FastifyReply,
  status: repo.WithdrawalRow['status'] | undefined,
) {
  const rows = pages<Awaited<ReturnType<typeof repo.withdrawalsIn>>[number]>(
    (last) => repo.withdrawalsIn(db, status, last && [last.at, last.withdrawal.id], CSV_PAGE, 'asc'),
    CSV_PAGE,
  );
  return sendCsv(
    reply,
    status ? `withdrawals-${status}.csv` : 'withdrawals.csv',
    {
      id: ({ withdrawal }) => withdrawal.id,
      requested_at: ({ withdrawal }) => withdrawal.requestedAt.toISOString(),
      member_id: ({ user }) => user.id,
      username: ({ user }) => user.username,
      email: ({ user }) => user.email,
      amount: ({ withdrawal }) => penceToPounds(withdrawal.amountPence),
      method: ({ withdrawal }) => withdrawal.method,
      paypal_email: ({ withdrawal }) => withdrawal.details.paypalEmail,
      sort_code: ({ withdrawal }) => withdrawal.details.sortCode,
      account_number: ({ withdrawal }) => withdrawal.details.accountNumber,
      account_name: ({ withdrawal }) => withdrawal.details.accountName,
      status: ({ withdrawal }) => withdrawal.status,
      settled_at: ({ withdrawal }) => withdrawal.settledAt?.toISOString(),
      settled_by: ({ settler }) => settler?.username,
      payment_reference: ({ withdrawal }) => withdrawal.paymentReference,
    },
    rows,
  );
}
