import { queryOptions, useQuery } from '@tanstack/react-query';
import { tasksApi } from '../../../../contract/tasks';
import { call } from '../../../lib/call';

export const getTasks = ({ signal }: { signal?: AbortSignal } = {}) =>
  call(tasksApi.list, {}, { signal }).then((r) => r.tasks);

export const tasksQueryOptions = () => queryOptions({ queryKey: ['me', 'tasks'], queryFn: getTasks });

export const useTasks = () => useQuery(tasksQueryOptions());
