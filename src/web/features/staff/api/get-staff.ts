import { useQuery } from '@tanstack/react-query';
import { staffApi } from '../../../../contract/staff-api';
import { call } from '../../../lib/call';

export const staffKey = ['admin', 'staff'];

export const useStaff = () =>
  useQuery({ queryKey: staffKey, queryFn: ({ signal }) => call(staffApi.list, {}, { signal }) });
