import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  type AppealBody,
  type AppealStatus,
  type DecideAppealBody,
  standingApi,
} from '../../../../contract/standing';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

export const useStanding = () =>
  useQuery({ queryKey: ['standing'], queryFn: ({ signal }) => call(standingApi.mine, {}, { signal }) });

export const useAppeal = () =>
  useMutation({ mutationFn: (body: AppealBody) => call(standingApi.appeal, { body }) });

/** The review queue's appeals of one status, the oldest first, a page at a time. */
export const useAppeals = (status: AppealStatus) =>
  useInfiniteQuery(
    pagedQueryOptions(['admin', 'appeals', status], (cursor, signal) =>
      call(standingApi.list, { query: { status, cursor } }, { signal }),
    ),
  );

export const useDecideAppeal = () =>
  useMutation({
    mutationFn: ({ id, ...body }: DecideAppealBody & { id: string }) =>
      call(standingApi.decide, { params: { id }, body }),
  });
