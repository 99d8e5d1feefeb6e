import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '../../../../contract/tasks';
import { api } from '../../../lib/api-client';

export const getTasks = ({ signal }: { signal?: AbortSignal } = {}) =>
  api<{ tasks: Task[] }>('/tasks', { signal }).then((r) => r.tasks);

export const tasksQueryOptions = () => queryOptions({ queryKey: ['me', 'tasks'], queryFn: getTasks });

export const useTasks = () => useQuery(tasksQueryOptions());
