import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminWithdrawal } from '../../../../contract/cash';
import type { WITHDRAWAL_STATUSES } from '../../../../contract/gamification-rules';
import { pagedQueryOptions } from '../../../lib/paged';

export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Requests in one state, a page at a time: pending ones oldest first, settled ones newest first. */
export const adminWithdrawalsQueryOptions = (status: WithdrawalStatus) =>
  pagedQueryOptions<{ withdrawals: AdminWithdrawal[]; nextCursor: string | null }>(
    ['admin', 'withdrawals', status],
    '/admin/withdrawals',
    { status },
  );

export const useAdminWithdrawals = (status: WithdrawalStatus) =>
  useInfiniteQuery(adminWithdrawalsQueryOptions(status));
