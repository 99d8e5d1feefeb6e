import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reviewResponse } from '../../../../contract/risk';
import { pagedQueryOptions } from '../../../lib/paged';

export type ReviewPage = z.infer<typeof reviewResponse>;

/** Members with fraud signals, highest risk first, a page at a time. */
export const reviewQueryOptions = () => pagedQueryOptions<ReviewPage>(['admin', 'review'], '/admin/review');

export const useReview = () => useInfiniteQuery(reviewQueryOptions());
