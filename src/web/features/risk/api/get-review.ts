import { useInfiniteQuery } from '@tanstack/react-query';
import type { Output } from '../../../../contract/endpoint';
import { riskApi } from '../../../../contract/risk';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

export type ReviewPage = Output<typeof riskApi.review>;

/** Members with fraud signals, highest risk first, a page at a time. */
export const reviewQueryOptions = () =>
  pagedQueryOptions(['admin', 'review'], (cursor, signal) =>
    call(riskApi.review, { query: { cursor } }, { signal }),
  );

export const useReview = () => useInfiniteQuery(reviewQueryOptions());
