import { useInfiniteQuery } from '@tanstack/react-query';
import { cashApi } from '../../../../contract/cash';
import { CASH_CARD_ROWS } from '../../../../contract/gamification-rules';
import { usersApi } from '../../../../contract/users';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

/** The member's payouts, newest first, a few at a time. */
export const useMyWithdrawals = () =>
  useInfiniteQuery(
    pagedQueryOptions(['me', 'cash', 'withdrawals'], (cursor, signal) =>
      call(cashApi.withdrawals, { query: { cursor, limit: CASH_CARD_ROWS } }, { signal }),
    ),
  );

/** Every change to the member's cash balance, newest first, a few at a time. */
export const useCashHistory = () =>
  useInfiniteQuery(
    pagedQueryOptions(['me', 'cash', 'history'], (cursor, signal) =>
      call(usersApi.history, { query: { account: 'cash', cursor, limit: CASH_CARD_ROWS } }, { signal }),
    ),
  );
