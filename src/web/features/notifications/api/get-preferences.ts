import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsApi } from '../../../../contract/notifications-api';
import { call } from '../../../lib/call';

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'preferences'],
    queryFn: ({ signal }) => call(notificationsApi.preferences, {}, { signal }).then((r) => r.preferences),
  });

export const usePreferences = () => useQuery(preferencesQueryOptions());
