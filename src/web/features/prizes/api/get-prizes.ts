import { queryOptions, useQuery } from '@tanstack/react-query';
import { PUBLIC_READ_FRESH_MS } from '../../../../contract/constants';
import type { Prize } from '../../../../contract/prizes';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';
import { fallbackPrizes } from '../sample-prizes';

/** The listed prizes; if the server cannot answer, the built-in samples so the page is never blank (SPEC §4). */
export async function getPrizes({ signal }: { signal?: AbortSignal } = {}): Promise<Prize[]> {
  try {
    return (await call(prizesApi.list, {}, { signal })).prizes;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    console.warn('Could not load prizes; showing the sample prizes', err);
    return fallbackPrizes();
  }
}

// Fresh for as long as the server's copy: asking again sooner would bring the same answer.
export const prizesQueryOptions = () =>
  queryOptions({ queryKey: ['prizes', 'list'], queryFn: getPrizes, staleTime: PUBLIC_READ_FRESH_MS });

export const usePrizes = () => useQuery(prizesQueryOptions());
