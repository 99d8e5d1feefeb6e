import { useInfiniteQuery } from '@tanstack/react-query';
import { tasksApi } from '../../../../contract/tasks';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

/** Every task, shown or hidden, in the Tasks page's order, a page at a time: for the admin panel. */
export const adminTasksQueryOptions = () =>
  pagedQueryOptions(['admin', 'tasks'], (cursor, signal) =>
    call(tasksApi.adminList, { query: { cursor } }, { signal }),
  );

export const useAdminTasks = () => useInfiniteQuery(adminTasksQueryOptions());
