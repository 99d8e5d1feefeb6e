import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Prize } from '../../../../contract/prizes';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { fallbackPrizes } from '../sample-prizes';

export const prizesQueryKey = queryKeys.prizes;

/** The open prizes; if the server cannot answer, the built-in samples so the page is never blank. */
export const prizesQueryOptions = () =>
  queryOptions({
    queryKey: [...prizesQueryKey, 'list'],
    queryFn: async ({ signal }) => {
      try {
        return (await api<{ prizes: Prize[] }>('/prizes', { signal })).prizes;
      } catch (err) {
        if ((err as Error).name === 'AbortError') throw err;
        console.warn('Could not load prizes; showing the sample prizes', err);
        return fallbackPrizes();
      }
    },
  });

export const usePrizes = () => useQuery(prizesQueryOptions());
