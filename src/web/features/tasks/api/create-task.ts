import { useMutation } from '@tanstack/react-query';
import type { AdminTask, CreateTaskBody } from '../../../../contract/tasks';
import { api } from '../../../lib/api-client';

export const createTask = (body: CreateTaskBody) =>
  api<{ task: AdminTask }>('/admin/tasks', { method: 'POST', body }).then((r) => r.task);

export const useCreateTask = () => useMutation({ mutationFn: createTask });
