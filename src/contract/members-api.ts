import { z } from 'zod';
import { approvalResponse } from './approvals';
import { messageBody } from './common';
import { type ApiPath, api, endpoint, type KeptRead } from './endpoint';
import {
  adjustBody,
  adjustResponse,
  idempotencyHeaders,
  ledgerCsvQuery,
  ledgerQuery,
  ledgerResponse,
  memberActionResponse,
  memberDetailResponse,
  memberNote,
  memberNoteBody,
  memberParams,
  memberSearchQuery,
  memberSearchResponse,
  reasonBody,
  suspendBody,
} from './members';
import type { StaffPermission } from './staff';

const tags = ['admin'];
const readsMembers = { staff: 'members' } as const;

/** A staff action on a member's account (suspending, lifting, holding or releasing cashouts): their page after it. */
const memberAction = <P extends ApiPath, B extends z.ZodType>(
  summary: string,
  path: P,
  body: B,
  permission: StaffPermission,
  writes: readonly KeptRead[] = [],
) =>
  endpoint({
    summary,
    method: 'POST',
    path,
    auth: { staff: permission },
    writes,
    tags,
    params: memberParams,
    body,
    responses: { 200: memberActionResponse },
    errors: [409],
  });

/** Members for staff (DESIGN §8, §14): finding one, reading their account, and acting on it. */
export const membersApi = api('members', {
  search: endpoint({
    summary: 'Finds members by email, name, id or referral code',
    method: 'GET',
    path: '/api/admin/users',
    auth: readsMembers,
    tags,
    query: memberSearchQuery,
    responses: { 200: memberSearchResponse },
  }),
  detail: endpoint({
    summary: "A member's page: balances, sessions, signals and history",
    method: 'GET',
    path: '/api/admin/users/:id',
    auth: readsMembers,
    tags,
    params: memberParams,
    responses: { 200: memberDetailResponse },
  }),
  ledger: endpoint({
    summary: "A member's ledger, newest first, in pages",
    method: 'GET',
    path: '/api/admin/users/:id/ledger',
    auth: readsMembers,
    tags,
    params: memberParams,
    query: ledgerQuery,
    responses: { 200: ledgerResponse },
  }),
  ledgerCsv: endpoint({
    summary: "A member's ledger as a CSV file",
    method: 'GET',
    path: '/api/admin/users/:id/ledger.csv',
    auth: { staff: 'members_full' },
    tags,
    params: memberParams,
    query: ledgerCsvQuery,
    responses: {
      200: {
        raw: 'text/csv',
        description:
          'Every row of the account, newest first, as an attachment: id, at, account, amount, reason, reference',
      },
    },
  }),
  /** Sent with an Idempotency-Key (idempotencyHeaders), a retry changes the balance once. */
  adjust: endpoint({
    summary: "Corrects a member's balance through the ledger",
    method: 'POST',
    path: '/api/admin/users/:id/adjust',
    auth: { staff: 'corrections', recent: true },
    writes: ['leaderboard'],
    tags,
    params: memberParams,
    headers: idempotencyHeaders,
    body: adjustBody,
    // At or above the approval thresholds: 202, waiting for a second member of staff.
    responses: { 200: adjustResponse, 202: approvalResponse },
    errors: [409],
  }),
  /**
   * Marks the member's address verified once staff have checked it another way (a reply from it, a
   * call), for a member whose link never arrives; 409 when it is verified already or the account was
   * deleted. With an Idempotency-Key a retry answers as the first did.
   */
  verifyEmail: endpoint({
    summary: "Marks a member's email verified after staff checked it",
    method: 'POST',
    path: '/api/admin/users/:id/verify-email',
    auth: { staff: 'verify_email' },
    tags,
    params: memberParams,
    headers: idempotencyHeaders,
    body: reasonBody,
    responses: { 200: memberActionResponse },
    errors: [409],
  }),
  // Their sessions end.
  /** An internal note on the member, for staff only; it is in the audit chain too. */
  addNote: endpoint({
    summary: 'Adds a staff note to a member',
    method: 'POST',
    path: '/api/admin/users/:id/notes',
    auth: readsMembers,
    tags,
    params: memberParams,
    body: memberNoteBody,
    responses: { 201: z.object({ note: memberNote }) },
  }),
  suspend: memberAction(
    'Suspends a member, with a reason',
    '/api/admin/users/:id/suspend',
    suspendBody,
    'suspend',
    ['sessions'],
  ),
  unsuspend: memberAction(
    "Lifts a member's suspension",
    '/api/admin/users/:id/unsuspend',
    reasonBody,
    'suspend',
  ),
  holdCashouts: memberAction(
    "Holds a member's withdrawals",
    '/api/admin/users/:id/hold-cashouts',
    reasonBody,
    'holds',
  ),
  releaseCashouts: memberAction(
    "Releases a member's withdrawals",
    '/api/admin/users/:id/release-cashouts',
    reasonBody,
    'holds',
  ),
  /** A new link to verify the member's address, for one who lost the first (409 when it is verified). */
  resendVerification: endpoint({
    summary: 'Sends a member a new verification link',
    method: 'POST',
    path: '/api/admin/users/:id/resend-verification',
    auth: { staff: 'members' },
    tags,
    params: memberParams,
    responses: { 200: messageBody },
    errors: [409, 429],
  }),
});
