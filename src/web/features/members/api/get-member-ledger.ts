import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ledgerResponse } from '../../../../contract/members';
import { pagedQueryOptions } from '../../../lib/paged';

export type LedgerPage = z.infer<typeof ledgerResponse>;
export type LedgerAccount = 'entries' | 'cash';

/** One account of a member's ledger, newest first, a page at a time. */
export const memberLedgerQueryOptions = (id: string, account: LedgerAccount) =>
  pagedQueryOptions<LedgerPage>(
    ['admin', 'member', id, 'ledger', account],
    `/admin/users/${encodeURIComponent(id)}/ledger`,
    {
      account,
    },
  );

export const useMemberLedger = (id: string, account: LedgerAccount) =>
  useInfiniteQuery(memberLedgerQueryOptions(id, account));
