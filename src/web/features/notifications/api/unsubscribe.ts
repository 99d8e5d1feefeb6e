import { useMutation } from '@tanstack/react-query';
import { notificationsApi } from '../../../../contract/notifications-api';
import { call } from '../../../lib/call';

// Nobody need be signed in, and nothing else on screen changes.
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (token: string) => call(notificationsApi.unsubscribe, { body: { token } }),
    meta: { changedNothing: () => true },
  });
