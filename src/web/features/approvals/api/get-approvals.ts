import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApprovalStatus, approvalsApi } from '../../../../contract/approvals';
import { call } from '../../../lib/call';

export const approvalsQueryOptions = (status: ApprovalStatus) =>
  queryOptions({
    queryKey: ['admin', 'approvals', status],
    queryFn: ({ signal }) =>
      call(approvalsApi.list, { query: { status } }, { signal }).then((r) => r.approvals),
  });

export const useApprovals = (status: ApprovalStatus) => useQuery(approvalsQueryOptions(status));
