import { z } from 'zod';
import { pathId } from './common';
import { api, endpoint } from './endpoint';
import { addStaffBody, changeRoleBody, staffListResponse, staffResponse } from './staff';
import { invitationResponse } from './staff-invitations';

const tags = ['staff'];

/** Staff and their roles, for the owner (DESIGN §12). */
export const staffApi = api('staff', {
  list: endpoint({
    summary: 'The staff and their roles',
    method: 'GET',
    path: '/api/admin/staff',
    auth: { staff: 'staff' },
    tags,
    responses: { 200: staffListResponse },
  }),
  /**
   * An existing account becomes staff at once (its sessions end); an address no account has is sent an
   * invitation (202), and the account is made when it is accepted. 409 when it is staff, or invited, already.
   */
  add: endpoint({
    summary: 'Gives an account a staff role',
    method: 'POST',
    path: '/api/admin/staff',
    auth: { staff: 'staff', recent: true },
    // Staff leave the leaderboards, and start with no session.
    writes: ['leaderboard', 'sessions'],
    tags,
    body: addStaffBody,
    responses: { 200: staffResponse, 202: invitationResponse },
    errors: [409],
  }),
  /** A new role, or none; nobody changes their own, so the site always keeps an owner. */
  changeRole: endpoint({
    summary: "Changes or removes a staff member's role",
    method: 'PUT',
    path: '/api/admin/staff/:id',
    auth: { staff: 'staff', recent: true },
    writes: ['leaderboard'],
    tags,
    params: z.object({ id: pathId('Staff member not found') }),
    body: changeRoleBody,
    responses: { 200: staffResponse },
    errors: [409],
  }),
  /**
   * For a member of staff who lost their authenticator and their recovery codes: the second factor
   * is removed and their sessions end, so their next sign-in sets up a new one.
   */
  resetTwoFactor: endpoint({
    summary: "Removes a staff member's second factors",
    method: 'DELETE',
    path: '/api/admin/staff/:id/two-factor',
    auth: { staff: 'staff', recent: true },
    writes: ['sessions'],
    tags,
    params: z.object({ id: pathId('Staff member not found') }),
    responses: { 200: staffResponse },
    errors: [409],
  }),
});
