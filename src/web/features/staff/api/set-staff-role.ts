import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffRole } from '../../../../contract/staff';
import { staffApi } from '../../../../contract/staff-api';
import { call } from '../../../lib/call';
import { invitationsKey } from './get-invitations';
import { staffKey } from './get-staff';

/**
 * Gives an account a role (or, for an address no account has, sends an invitation), or a staff member
 * another (`null`: none); the lists are read again after.
 */
export function useSetStaffRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { email: string; role: StaffRole } | { id: string; role: StaffRole | null }) =>
      'email' in change
        ? call(staffApi.add, { body: change })
        : call(staffApi.changeRole, { params: { id: change.id }, body: { role: change.role } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: staffKey }),
        client.invalidateQueries({ queryKey: invitationsKey }),
      ]),
  });
}
