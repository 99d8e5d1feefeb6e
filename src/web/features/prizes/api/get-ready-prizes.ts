import { useInfiniteQuery } from '@tanstack/react-query';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

/** Prizes whose entries have closed, longest waiting first, a page at a time. */
export const readyPrizesQueryOptions = () =>
  pagedQueryOptions(['admin', 'prizes', 'ready-to-draw'], (cursor, signal) =>
    call(prizesApi.readyToDraw, { query: { cursor } }, { signal }),
  );

export const useReadyPrizes = () => useInfiniteQuery(readyPrizesQueryOptions());
