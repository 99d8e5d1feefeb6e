import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preferences } from '../../../../contract/notifications';
import { api } from '../../../lib/api-client';

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'preferences'],
    queryFn: ({ signal }) =>
      api<{ preferences: Preferences }>('/users/me/preferences', { signal }).then((r) => r.preferences),
  });

export const usePreferences = () => useQuery(preferencesQueryOptions());
