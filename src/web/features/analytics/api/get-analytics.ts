import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsApi } from '../../../../contract/analytics';
import { call } from '../../../lib/call';

export interface DayRange {
  from: string;
  to: string;
}

export const getAnalytics = (range: DayRange, { signal }: { signal?: AbortSignal } = {}) =>
  call(analyticsApi.days, { query: { from: range.from, to: range.to } }, { signal }).then((r) => r.days);

export const analyticsQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: ['admin', 'analytics', range.from, range.to],
    queryFn: ({ signal }) => getAnalytics(range, { signal }),
    // A new range keeps the old charts on screen until its figures arrive.
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (range: DayRange) => useQuery(analyticsQueryOptions(range));
