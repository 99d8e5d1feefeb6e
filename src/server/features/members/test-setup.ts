import { authHeader, createUser } from '../../../../tests/factories';
import type { TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { membersApi } from '../../../contract/members-api';

// What the tests of the admin's member pages share.

export async function withAdmin(t: TestApp) {
  const admin = await createUser(t.db, { role: 'owner', username: 'Operator' });
  return { admin, headers: await authHeader(t.db, admin.id) };
}

export type Headers = Record<string, string>;
export const ledgerOf = (t: TestApp, id: string, query: object, headers: Headers) =>
  inject(t, membersApi.ledger, { params: { id }, query: query as never, headers });
