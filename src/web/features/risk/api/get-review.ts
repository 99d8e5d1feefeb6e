import { useInfiniteQuery } from '@tanstack/react-query';
import type { Output } from '../../../../contract/endpoint';
import type { ReviewStatus } from '../../../../contract/operator-rules';
import { riskApi } from '../../../../contract/risk';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

export type ReviewPage = Output<typeof riskApi.review>;

/** Members with fraud signals in one state of the queue, highest risk first, a page at a time. */
export const reviewQueryOptions = (status: ReviewStatus) =>
  pagedQueryOptions(['admin', 'review', status], (cursor, signal) =>
    call(riskApi.review, { query: { status, cursor } }, { signal }),
  );

export const useReview = (status: ReviewStatus) => useInfiniteQuery(reviewQueryOptions(status));
