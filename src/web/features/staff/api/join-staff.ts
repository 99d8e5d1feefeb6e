import { useMutation, useQuery } from '@tanstack/react-query';
import { type AcceptInvitationBody, invitationsApi } from '../../../../contract/staff-invitations';
import { call } from '../../../lib/call';
import { deviceHeaders } from '../../../lib/device-id';

/** What an invitation's link offers: read, not spent, so the page can say it before anything is made. */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: ({ signal }) => call(invitationsApi.open, { body: { token } }, { signal }),
    retry: false,
  });

export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: (body: AcceptInvitationBody) =>
      call(invitationsApi.accept, { body }, { headers: deviceHeaders() }),
  });
