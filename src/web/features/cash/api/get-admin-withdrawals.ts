import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWithdrawal } from '../../../../contract/cash';
import type { WITHDRAWAL_STATUSES } from '../../../../contract/gamification-rules';
import { api } from '../../../lib/api-client';

type Status = (typeof WITHDRAWAL_STATUSES)[number];

export const getAdminWithdrawals = (status: Status, { signal }: { signal?: AbortSignal } = {}) =>
  api<{ withdrawals: AdminWithdrawal[] }>(`/admin/withdrawals?status=${status}`, { signal }).then(
    (r) => r.withdrawals,
  );

export const adminWithdrawalsQueryOptions = (status: Status) =>
  queryOptions({
    queryKey: ['admin', 'withdrawals', status],
    queryFn: ({ signal }) => getAdminWithdrawals(status, { signal }),
  });

export const useAdminWithdrawals = (status: Status) => useQuery(adminWithdrawalsQueryOptions(status));
