import { useInfiniteQuery } from '@tanstack/react-query';
import type { Output } from '../../../../contract/endpoint';
import type { LEDGER_ACCOUNTS } from '../../../../contract/members';
import { membersApi } from '../../../../contract/members-api';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

export type LedgerPage = Output<typeof membersApi.ledger>;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** One account of a member's ledger, newest first, a page at a time. */
export const memberLedgerQueryOptions = (id: string, account: LedgerAccount) =>
  pagedQueryOptions(['admin', 'member', id, 'ledger', account], (cursor, signal) =>
    call(membersApi.ledger, { params: { id }, query: { account, cursor } }, { signal }),
  );

export const useMemberLedger = (id: string, account: LedgerAccount) =>
  useInfiniteQuery(memberLedgerQueryOptions(id, account));
