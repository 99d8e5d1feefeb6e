import { queryOptions, useQuery } from '@tanstack/react-query';
import { PUBLIC_READ_FRESH_MS } from '../../../../contract/constants';
import type { Prize } from '../../../../contract/prizes';
import { prizesApi } from '../../../../contract/prizes-api';
import { call } from '../../../lib/call';

/** The listed prizes. If the server cannot answer, the page says so: samples never stand in for prizes (DESIGN §13). */
export const getPrizes = async ({ signal }: { signal?: AbortSignal } = {}): Promise<Prize[]> =>
  (await call(prizesApi.list, {}, { signal })).prizes;

// Fresh for as long as the server's copy: asking again sooner would bring the same answer.
export const prizesQueryOptions = () =>
  queryOptions({ queryKey: ['prizes', 'list'], queryFn: getPrizes, staleTime: PUBLIC_READ_FRESH_MS });

export const usePrizes = () => useQuery(prizesQueryOptions());
