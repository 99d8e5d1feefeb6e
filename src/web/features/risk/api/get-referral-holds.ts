import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { referralHoldsResponse } from '../../../../contract/referral-holds';
import { pagedQueryOptions } from '../../../lib/paged';

export type ReferralHoldsPage = z.infer<typeof referralHoldsResponse>;

/** Referrals held for review, newest first, a page at a time. */
export const referralHoldsQueryOptions = () =>
  pagedQueryOptions<ReferralHoldsPage>(['admin', 'referral-holds'], '/admin/referral-holds');

export const useReferralHolds = () => useInfiniteQuery(referralHoldsQueryOptions());
