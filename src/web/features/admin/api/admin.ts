import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminStats, AdminWinner, outboxResponse } from '../../../../contract/admin';
import type { DrawResponse } from '../../../../contract/draws';
import type { CreatePrizeBody, Prize, UpdatePrizeBody } from '../../../../contract/prizes';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const adminKey = ['admin'] as const;

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKey, 'stats'],
    queryFn: ({ signal }) => api<{ stats: AdminStats }>('/admin/stats', { signal }).then((r) => r.stats),
  });

export const readyPrizesQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKey, 'ready-to-draw'],
    queryFn: ({ signal }) =>
      api<{ prizes: Prize[] }>('/admin/prizes/ready-to-draw', { signal }).then((r) => r.prizes),
  });

export const adminWinnersQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKey, 'winners'],
    queryFn: ({ signal }) =>
      api<{ winners: AdminWinner[] }>('/admin/winners', { signal }).then((r) => r.winners),
  });

export const useAdminStats = () => useQuery(adminStatsQueryOptions());
export const useReadyPrizes = () => useQuery(readyPrizesQueryOptions());
export const useAdminWinners = () => useQuery(adminWinnersQueryOptions());

/** Every admin change can move the stats, the ready list and the winners: refresh them all. */
function useAdminMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.prizes }),
        queryClient.invalidateQueries({ queryKey: queryKeys.winners }),
      ]),
  });
}

export const useDrawPrize = () =>
  useAdminMutation(({ id, forceOverride }: { id: string; forceOverride?: boolean }) =>
    api<DrawResponse>(`/admin/prizes/${encodeURIComponent(id)}/draw`, {
      method: 'POST',
      body: forceOverride ? { forceOverride } : {},
    }),
  );

export const useMarkNotified = () =>
  useAdminMutation(({ prizeId, userId }: { prizeId: string; userId: string }) =>
    api<{ message: string }>(
      `/admin/winners/${encodeURIComponent(prizeId)}/${encodeURIComponent(userId)}/notify`,
      {
        method: 'PUT',
      },
    ),
  );

export const useTriggerDrawCheck = () =>
  useAdminMutation(() => api<{ message: string }>('/admin/trigger-draw-check', { method: 'POST' }));

export const useSendTestEmail = () =>
  useAdminMutation((email: string) =>
    api<{ message: string }>('/admin/test-email', { method: 'POST', body: { email } }),
  );

export const allPrizesQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKey, 'prizes'],
    queryFn: ({ signal }) => api<{ prizes: Prize[] }>('/admin/prizes', { signal }).then((r) => r.prizes),
  });
export const useAllPrizes = () => useQuery(allPrizesQueryOptions());

export const useSavePrize = () =>
  useAdminMutation(({ id, body }: { id?: string; body: CreatePrizeBody | UpdatePrizeBody }) =>
    id
      ? api<{ prize: Prize }>(`/admin/prizes/${encodeURIComponent(id)}`, { method: 'PUT', body })
      : api<{ prize: Prize }>('/admin/prizes', { method: 'POST', body }),
  );

export const useCancelPrize = () =>
  useAdminMutation((id: string) =>
    api<{ message: string }>(`/admin/prizes/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
  );

export type OutboxMail = z.infer<typeof outboxResponse>['mails'][number];

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKey, 'outbox'],
    queryFn: ({ signal }) => api<{ mails: OutboxMail[] }>('/admin/outbox', { signal }).then((r) => r.mails),
  });
export const useOutbox = () => useQuery(outboxQueryOptions());
