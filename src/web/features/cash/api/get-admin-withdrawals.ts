import { useInfiniteQuery } from '@tanstack/react-query';
import { cashApi } from '../../../../contract/cash';
import type { WITHDRAWAL_STATUSES } from '../../../../contract/gamification-rules';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Requests in one state, a page at a time: pending ones oldest first, settled ones newest first. */
export const adminWithdrawalsQueryOptions = (status: WithdrawalStatus) =>
  pagedQueryOptions(['admin', 'withdrawals', status], (cursor, signal) =>
    call(cashApi.adminWithdrawals, { query: { status, cursor } }, { signal }),
  );

export const useAdminWithdrawals = (status: WithdrawalStatus) =>
  useInfiniteQuery(adminWithdrawalsQueryOptions(status));
