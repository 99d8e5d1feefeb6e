import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsDay } from '../../../../contract/analytics';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/paged';

export interface DayRange {
  from: string;
  to: string;
}

export const getAnalytics = (range: DayRange, { signal }: { signal?: AbortSignal } = {}) =>
  api<{ days: AnalyticsDay[] }>(withQuery('/admin/analytics', { ...range }), { signal }).then((r) => r.days);

export const analyticsQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: ['admin', 'analytics', range.from, range.to],
    queryFn: ({ signal }) => getAnalytics(range, { signal }),
    // A new range keeps the old charts on screen until its figures arrive.
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (range: DayRange) => useQuery(analyticsQueryOptions(range));
