import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { sendCsv } from '../../lib/csv';
import { pages } from '../../lib/cursor';
import { ledgerPage } from '../../lib/ledger-pages';
import { penceToPounds } from '../../lib/money';
import * as repo from './repository';
import { memberNotFound } from './service';

/** How many ledger rows the download reads at a time. */
const CSV_PAGE = 1000;

/** A member's whole ledger for one account as CSV, oldest page last, read a page at a time. */
export async function streamLedger(db: Db, reply: FastifyReply, id: string, account: 'entries' | 'cash') {
  if (!(await repo.findMember(db, id))) throw memberNotFound();
  const rows = pages<Awaited<ReturnType<typeof ledgerPage>>[number]>(
    (last) => ledgerPage(db, id, account, last && [last.at, String(last.row.id)], CSV_PAGE),
    CSV_PAGE,
  );
  const cash = account === 'cash';
  return sendCsv(
    reply,
    `ledger-${id}-${account}.csv`,
    {
      id: ({ row }) => row.id,
      at: ({ row }) => row.createdAt.toISOString(),
      account: ({ row }) => row.account,
      amount: ({ row }) => (cash ? penceToPounds(row.amount) : row.amount),
      reason: ({ row }) => row.reason,
      reference: ({ row }) => row.reference,
    },
    rows,
  );
}
