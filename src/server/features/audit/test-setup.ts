import { type SQL, sql } from 'drizzle-orm';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { membersApi } from '../../../contract/members-api';

// What the audit log's tests share: an admin and a member, and an admin write to record.

export async function setUp() {
  const t = await buildTestApp();
  const admin = await createUser(t.db, { role: 'owner', username: 'Olive Ops' });
  const headers = await authHeader(t.db, admin.id);
  const member = await createUser(t.db, { entries: 100 });
  return { t, admin, headers, member };
}

export const adjust = (t: TestApp, headers: Record<string, string>, id: string, amount: number) =>
  inject(t, membersApi.adjust, {
    params: { id },
    headers,
    body: { account: 'entries', amount, reason: 'Correction for a test' },
    remoteAddress: '198.51.100.7',
  });

/** Someone with the database's keys, going round the application and the log's append-only triggers. */
export async function behindTheTriggers(t: TestApp, ...statements: SQL[]) {
  await t.db.execute(sql`alter table audit_log disable trigger user`);
  for (const statement of statements) await t.db.execute(statement);
  await t.db.execute(sql`alter table audit_log enable trigger user`);
}
