import { useInfiniteQuery } from '@tanstack/react-query';
import { cashApi } from '../../../../contract/cash';
import type { WithdrawalStatus } from '../../../../contract/payouts';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

/** Requests in one state, a page at a time: pending ones oldest first, settled ones newest first. */
export const adminWithdrawalsQueryOptions = (status: WithdrawalStatus) =>
  pagedQueryOptions(['admin', 'withdrawals', status], (cursor, signal) =>
    call(cashApi.adminWithdrawals, { query: { status, cursor } }, { signal }),
  );

export const useAdminWithdrawals = (status: WithdrawalStatus) =>
  useInfiniteQuery(adminWithdrawalsQueryOptions(status));
