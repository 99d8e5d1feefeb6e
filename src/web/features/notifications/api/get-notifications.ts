import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { notificationsResponse } from '../../../../contract/notifications';
import { api } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged';

export type NotificationsPage = z.infer<typeof notificationsResponse>;

export const NOTIFICATIONS_KEY = ['me', 'notifications'] as const;
export const UNREAD_KEY = ['me', 'notifications', 'unread'] as const;

export const notificationsQueryOptions = () =>
  pagedQueryOptions<NotificationsPage>(NOTIFICATIONS_KEY, '/users/me/notifications');

export const useNotifications = () => useInfiniteQuery(notificationsQueryOptions());

/**
 * How many are unread. The live events keep it (they start with the count), so it
 * is read from the API only when nothing has told it yet.
 */
export const useUnreadCount = () =>
  useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) =>
      api<NotificationsPage>('/users/me/notifications', { signal }).then((r) => r.unread),
    staleTime: Number.POSITIVE_INFINITY,
  });

export type NotificationsData = InfiniteData<NotificationsPage>;
