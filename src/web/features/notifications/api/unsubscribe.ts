import { useMutation } from '@tanstack/react-query';
import type { NotificationTopic } from '../../../../contract/notifications';
import { api } from '../../../lib/api-client';

export const unsubscribe = (token: string) =>
  api<{ message: string; topic: NotificationTopic }>('/unsubscribe', { method: 'POST', body: { token } });

// Nobody need be signed in, and nothing else on screen changes.
export const useUnsubscribe = () =>
  useMutation({ mutationFn: unsubscribe, meta: { changedNothing: () => true } });
