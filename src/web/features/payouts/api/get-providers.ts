import { useQuery } from '@tanstack/react-query';
import { payoutsApi } from '../../../../contract/payouts';
import { call } from '../../../lib/call';

/** The payout providers, on or off, for the Settings tab. */
export const usePayoutProviders = () =>
  useQuery({
    queryKey: ['admin', 'payout-providers'],
    queryFn: ({ signal }) => call(payoutsApi.providers, {}, { signal }),
  });
