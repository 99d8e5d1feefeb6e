import { z } from 'zod';
import { linkToken, newPassword, registerBody, sessionResponse } from './auth';
import { pathId } from './common';
import { api, endpoint } from './endpoint';
import { staffRole } from './staff';

/**
 * How long an invitation to join the staff can be accepted: a week, as GitHub gives an invitation to an
 * organisation, long enough to be read after a weekend and short enough that a forgotten one dies.
 */
export const STAFF_INVITATION_DAYS = 7;

/** An invitation as the Staff tab lists it: one neither accepted nor withdrawn. */
export const staffInvitation = z.object({
  _id: z.string(),
  email: z.string(),
  role: staffRole,
  invitedBy: z.object({ _id: z.string(), username: z.string() }),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** Past its time: it can no longer be accepted, and the address may be invited again. */
  expired: z.boolean(),
});
export type StaffInvitation = z.infer<typeof staffInvitation>;

export const invitationResponse = z.object({ invitation: staffInvitation });
export const invitationsResponse = z.object({ invitations: z.array(staffInvitation) });

export const invitationTokenBody = z.strictObject({ token: linkToken });
/** What the invitee sees before accepting: the address it was sent to and the role it gives. */
export const invitationPreview = z.object({
  invitation: z.object({ email: z.string(), role: staffRole, expiresAt: z.iso.datetime() }),
});
export const acceptInvitationBody = z.strictObject({
  token: linkToken,
  username: registerBody.shape.username,
  password: newPassword,
  acceptTerms: registerBody.shape.acceptTerms,
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;

const tags = ['staff'];

/** Invitations to join the staff (DESIGN §16): sent by POST /api/admin/staff for an unknown address. */
export const invitationsApi = api('invitations', {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/staff/invitations',
    auth: { staff: 'staff' },
    tags,
    summary: 'Lists the invitations to join the staff not yet accepted or withdrawn, newest first',
    responses: { 200: invitationsResponse },
  }),
  withdraw: endpoint({
    method: 'DELETE',
    path: '/api/admin/staff/invitations/:id',
    auth: { staff: 'staff' },
    tags,
    summary: 'Withdraws an invitation, so its link no longer works',
    params: z.object({ id: pathId('Invitation not found') }),
    responses: { 200: invitationResponse },
    errors: [409],
  }),
  /** Read by the invitation's page before the invitee chooses a name and password. */
  open: endpoint({
    method: 'POST',
    path: '/api/staff-invitations/open',
    auth: 'none',
    tags,
    summary: "Shows an invitation's address and role from its emailed token",
    body: invitationTokenBody,
    responses: { 200: invitationPreview },
    errors: [409, 429],
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/staff-invitations/accept',
    auth: 'none',
    tags,
    summary: 'Accepts an invitation: makes the account with its role, verified, and signs it in',
    body: acceptInvitationBody,
    responses: { 201: sessionResponse },
    errors: [409, 429],
  }),
});
