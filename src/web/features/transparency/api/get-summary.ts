import { useQuery } from '@tanstack/react-query';
import { PUBLIC_READ_FRESH_MS } from '../../../../contract/constants';
import { transparencyApi } from '../../../../contract/transparency-api';
import { call } from '../../../lib/call';

/** The transparency page's live figures. */
export const useTransparencySummary = () =>
  useQuery({
    queryKey: ['transparency', 'summary'],
    queryFn: ({ signal }) => call(transparencyApi.summary, {}, { signal }),
    staleTime: PUBLIC_READ_FRESH_MS,
  });
