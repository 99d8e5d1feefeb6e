import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Preferences, preferencesUpdate } from '../../../../contract/notifications';
import { api } from '../../../lib/api-client';
import { preferencesQueryOptions } from './get-preferences';

export const updatePreferences = (body: z.infer<typeof preferencesUpdate>) =>
  api<{ preferences: Preferences }>('/users/me/preferences', { method: 'PUT', body }).then(
    (r) => r.preferences,
  );

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences) => queryClient.setQueryData(preferencesQueryOptions().queryKey, preferences),
    meta: { changedNothing: () => true },
  });
}
