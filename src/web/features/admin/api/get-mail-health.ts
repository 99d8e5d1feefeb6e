import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../../contract/admin';
import { call } from '../../../lib/call';

export const mailHealthKey = ['admin', 'mail-health'];

/** Whether mail is going out; read for the Settings tab and the console's banner. */
export const useMailHealth = ({ enabled = true } = {}) =>
  useQuery({
    queryKey: mailHealthKey,
    queryFn: ({ signal }) => call(adminApi.mailHealth, {}, { signal }),
    enabled,
  });
