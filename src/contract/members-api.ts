import { endpoint } from './endpoint';
import {
  adjustBody,
  adjustResponse,
  idempotencyHeaders,
  ledgerCsvQuery,
  ledgerQuery,
  ledgerResponse,
  memberActionResponse,
  memberDetailResponse,
  memberParams,
  memberSearchQuery,
  memberSearchResponse,
  reasonBody,
  suspendBody,
} from './members';

const tags = ['admin'];
const staff = { staff: 'admin' } as const;

/** Members for staff (DESIGN §8, §14): finding one, reading their account, and acting on it. */
export const membersApi = {
  search: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    auth: staff,
    tags,
    query: memberSearchQuery,
    responses: { 200: memberSearchResponse },
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id',
    auth: staff,
    tags,
    params: memberParams,
    responses: { 200: memberDetailResponse },
  }),
  ledger: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id/ledger',
    auth: staff,
    tags,
    params: memberParams,
    query: ledgerQuery,
    responses: { 200: ledgerResponse },
  }),
  ledgerCsv: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id/ledger.csv',
    auth: staff,
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
    method: 'POST',
    path: '/api/admin/users/:id/adjust',
    auth: staff,
    tags,
    params: memberParams,
    headers: idempotencyHeaders,
    body: adjustBody,
    responses: { 200: adjustResponse },
    errors: [409],
  }),
  suspend: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/suspend',
    auth: staff,
    tags,
    params: memberParams,
    body: suspendBody,
    responses: { 200: memberActionResponse },
    errors: [409],
  }),
  unsuspend: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/unsuspend',
    auth: staff,
    tags,
    params: memberParams,
    body: reasonBody,
    responses: { 200: memberActionResponse },
    errors: [409],
  }),
  holdCashouts: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/hold-cashouts',
    auth: staff,
    tags,
    params: memberParams,
    body: reasonBody,
    responses: { 200: memberActionResponse },
    errors: [409],
  }),
  releaseCashouts: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/release-cashouts',
    auth: staff,
    tags,
    params: memberParams,
    body: reasonBody,
    responses: { 200: memberActionResponse },
    errors: [409],
  }),
};
