import { useMutation } from '@tanstack/react-query';
import type { AdminTask, UpdateTaskBody } from '../../../../contract/tasks';
import { api } from '../../../lib/api-client';

/** Changes the fields sent; `{ active: false }` hides a task from the Tasks page. */
export const updateTask = ({ id, body }: { id: string; body: UpdateTaskBody }) =>
  api<{ task: AdminTask }>(`/admin/tasks/${encodeURIComponent(id)}`, { method: 'PUT', body }).then(
    (r) => r.task,
  );

export const useUpdateTask = () => useMutation({ mutationFn: updateTask });
