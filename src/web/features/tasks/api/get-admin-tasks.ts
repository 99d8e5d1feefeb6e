import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminTask } from '../../../../contract/tasks';
import { pagedQueryOptions } from '../../../lib/paged';

/** Every task, shown or hidden, in the Tasks page's order, a page at a time: for the admin panel. */
export const adminTasksQueryOptions = () =>
  pagedQueryOptions<{ tasks: AdminTask[]; nextCursor: string | null }>(['admin', 'tasks'], '/admin/tasks');

export const useAdminTasks = () => useInfiniteQuery(adminTasksQueryOptions());
