import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type DrawProofResponse, drawsApi } from '../../../../contract/draws';
import type { CheckOptions } from '../../../../shared/draw-keys';
import { call } from '../../../lib/call';

export const getDrawProof = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  call(drawsApi.proof, { params: { id } }, { signal });

export const drawProofQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['draw-proof', id],
    queryFn: ({ signal }) => getDrawProof(id, { signal }),
    retry: false,
    // A drawn prize's proof changes only when a place is passed on, as the server's copy does.
    staleTime: 60_000,
  });

/** The published proof, checked here in the browser: nothing the server says about the result is taken on trust. */
export async function checkDraw(proof: DrawProofResponse, options: CheckOptions = {}) {
  // A file of its own, so bench/scenarios/verify.ts can time in a page the very file this page runs.
  const { verifyDraw } = await import('../../../../shared/draw');
  return verifyDraw({ ...proof, totalWinners: proof.prize.totalWinners }, options);
}

export type DrawCheck = Awaited<ReturnType<typeof checkDraw>>;

/** The proof as soon as it arrives, then the check, with how far along it is (0 to 1). */
export function useDrawCheck(id: string) {
  const proof = useQuery(drawProofQueryOptions(id));
  const [progress, setProgress] = useState({ id, fraction: 0 });
  const check = useQuery({
    queryKey: ['draw-proof', id, 'check'],
    queryFn: ({ signal }) =>
      checkDraw(proof.data!, { signal, onProgress: (fraction) => setProgress({ id, fraction }) }),
    enabled: proof.data !== undefined,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { proof, check, progress: progress.id === id ? progress.fraction : 0 };
}
