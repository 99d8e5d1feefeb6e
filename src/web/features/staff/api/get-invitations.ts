import { useQuery } from '@tanstack/react-query';
import { invitationsApi } from '../../../../contract/staff-invitations';
import { call } from '../../../lib/call';

export const invitationsKey = ['admin', 'staff', 'invitations'];

export const useInvitations = () =>
  useQuery({
    queryKey: invitationsKey,
    queryFn: ({ signal }) => call(invitationsApi.list, {}, { signal }),
  });
