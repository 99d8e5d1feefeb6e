import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTask } from '../../../../contract/tasks';
import { api } from '../../../lib/api-client';

/** Every task, shown or hidden, for the admin panel. */
export const getAdminTasks = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ tasks: AdminTask[] }>('/admin/tasks', { signal }).then((r) => r.tasks);

export const adminTasksQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'tasks'], queryFn: getAdminTasks });

export const useAdminTasks = () => useQuery(adminTasksQueryOptions());
