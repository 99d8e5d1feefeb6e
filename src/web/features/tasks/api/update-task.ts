import { useMutation } from '@tanstack/react-query';
import { tasksApi, type UpdateTaskBody } from '../../../../contract/tasks';
import { call } from '../../../lib/call';

/** Changes the fields sent; `{ active: false }` hides a task from the Tasks page. */
export const updateTask = ({ id, body }: { id: string; body: UpdateTaskBody }) =>
  call(tasksApi.update, { params: { id }, body }).then((r) => r.task);

export const useUpdateTask = () => useMutation({ mutationFn: updateTask });
