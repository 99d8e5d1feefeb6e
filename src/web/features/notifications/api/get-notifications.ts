import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Output } from '../../../../contract/endpoint';
import { notificationsApi } from '../../../../contract/notifications-api';
import { call } from '../../../lib/call';
import { pagedQueryOptions } from '../../../lib/paged';

export type NotificationsPage = Output<typeof notificationsApi.list>;

export const NOTIFICATIONS_KEY = ['me', 'notifications'] as const;
export const UNREAD_KEY = ['me', 'notifications', 'unread'] as const;

export const notificationsQueryOptions = () =>
  pagedQueryOptions(NOTIFICATIONS_KEY, (cursor, signal) =>
    call(notificationsApi.list, { query: { cursor } }, { signal }),
  );

export const useNotifications = () => useInfiniteQuery(notificationsQueryOptions());

/**
 * How many are unread. The live events keep it (they start with the count), so it
 * is read from the API only when nothing has told it yet.
 */
export const useUnreadCount = () =>
  useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => call(notificationsApi.list, {}, { signal }).then((r) => r.unread),
    staleTime: Number.POSITIVE_INFINITY,
  });

export type NotificationsData = InfiniteData<NotificationsPage>;
