import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { preferencesUpdate } from '../../../../contract/notifications';
import { notificationsApi } from '../../../../contract/notifications-api';
import { call } from '../../../lib/call';
import { preferencesQueryOptions } from './get-preferences';

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.infer<typeof preferencesUpdate>) =>
      call(notificationsApi.updatePreferences, { body }).then((r) => r.preferences),
    onSuccess: (preferences) => queryClient.setQueryData(preferencesQueryOptions().queryKey, preferences),
    meta: { changedNothing: () => true },
  });
}
