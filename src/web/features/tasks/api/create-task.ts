import { useMutation } from '@tanstack/react-query';
import { type CreateTaskBody, tasksApi } from '../../../../contract/tasks';
import { call } from '../../../lib/call';

export const createTask = (body: CreateTaskBody) => call(tasksApi.create, { body }).then((r) => r.task);

export const useCreateTask = () => useMutation({ mutationFn: createTask });
