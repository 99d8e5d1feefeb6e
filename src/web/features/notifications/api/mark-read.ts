import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { NOTIFICATIONS_KEY, UNREAD_KEY } from './get-notifications';

export const markRead = (body: { ids: string[] } | { all: true }) =>
  api<{ unread: number }>('/users/me/notifications/read', { method: 'POST', body });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(UNREAD_KEY, unread);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY, exact: true });
    },
    // The list and the count are set above; nothing else changed.
    meta: { changedNothing: () => true },
  });
}
