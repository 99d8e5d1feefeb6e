import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Input } from '../../../../contract/endpoint';
import { notificationsApi } from '../../../../contract/notifications-api';
import { call } from '../../../lib/call';
import { NOTIFICATIONS_KEY, UNREAD_KEY } from './get-notifications';

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Input<typeof notificationsApi.markRead>['body']) =>
      call(notificationsApi.markRead, { body }),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(UNREAD_KEY, unread);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY, exact: true });
    },
    // The list and the count are set above; nothing else changed.
    meta: { changedNothing: () => true },
  });
}
