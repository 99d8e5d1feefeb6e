import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DrawProofResponse } from '../../../../contract/draws';
import { verifyDraw } from '../../../../shared/draw';
import { api } from '../../../lib/api-client';

export const getDrawProof = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api<DrawProofResponse>(`/prizes/${encodeURIComponent(id)}/draw-proof`, { signal });

/** The published proof, checked here in the browser: nothing the server says about the result is taken on trust. */
export const drawCheckQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['draw-proof', id],
    queryFn: async ({ signal }) => {
      const proof = await getDrawProof(id, { signal });
      const result = await verifyDraw({ ...proof, totalWinners: proof.prize.totalWinners });
      return { proof, result };
    },
    retry: false,
    // A drawn prize's proof never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDrawCheck = (id: string) => useQuery(drawCheckQueryOptions(id));
