import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompleteTaskResponse, Task } from '../../../../contract/tasks';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../auth/session';

export const tasksQueryKey = ['tasks'] as const;

export const tasksQueryOptions = () =>
  queryOptions({
    queryKey: tasksQueryKey,
    queryFn: ({ signal }) => api<{ tasks: Task[] }>('/tasks', { signal }).then((r) => r.tasks),
  });

export const useTasks = () => useQuery(tasksQueryOptions());

export const startVideo = (id: string) =>
  api<{ ticket: string; adDuration: number }>(`/tasks/${encodeURIComponent(id)}/start`, { method: 'POST' });

/** Completes a task, then moves the navbar's count and refreshes the list. */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  const { patchUser } = useSession();
  return useMutation({
    mutationFn: ({ id, ticket }: { id: string; ticket?: string }) =>
      api<CompleteTaskResponse>(`/tasks/${encodeURIComponent(id)}/complete`, {
        method: 'POST',
        body: ticket ? { ticket } : {},
      }),
    onSuccess: (result) => {
      patchUser({ availableEntries: result.availableEntries, totalEntries: result.totalEntries });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      ]);
    },
  });
}
