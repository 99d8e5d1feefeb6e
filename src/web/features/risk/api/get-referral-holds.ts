import { useInfiniteQuery } from '@tanstack/react-query';
import type { Output } from '../../../../contract/endpoint';
import { referralHoldsApi } from '../../../../contract/referral-holds';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

export type ReferralHoldsPage = Output<typeof referralHoldsApi.list>;

/** Referrals held for review, newest first, a page at a time. */
export const referralHoldsQueryOptions = () =>
  pagedQueryOptions(['admin', 'referral-holds'], (cursor, signal) =>
    call(referralHoldsApi.list, { query: { cursor } }, { signal }),
  );

export const useReferralHolds = () => useInfiniteQuery(referralHoldsQueryOptions());
