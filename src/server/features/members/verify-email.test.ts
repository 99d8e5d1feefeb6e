import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { authApi } from '../../../contract/auth';
import { membersApi } from '../../../contract/members-api';
import type { StaffRole } from '../../../contract/staff';
import { auditLog, users } from '../../db/schema';

const staff = async (t: TestApp, role: StaffRole) => {
  const user = await createUser(t.db, { role, username: `Sam ${role}` });
  return { user, headers: await authHeader(t.db, user.id) };
};

const markVerified = (
  t: TestApp,
  id: string,
  headers: Record<string, string>,
  body: unknown = { reason: 'Checked by phone against the address on file' },
) => inject(t, membersApi.verifyEmail, { params: { id }, headers, body: body as never });

const auditRows = (t: TestApp) =>
  t.db.select().from(auditLog).where(eq(auditLog.action, 'user.verify_email'));

describe('staff marking a member’s email verified', () => {
  it('verifies the address at once, in the audit chain with the reason, so the member may claim and withdraw', async () => {
    const t = await buildTestApp();
    const support = await staff(t, 'support');
    const member = await createUser(t.db, { verified: false });
    const res = await markVerified(t, member.id, support.headers);
    expect(res.statusCode).toBe(200);
    expect(res.data().message).toBe('Email marked as verified');
    expect(res.data().user).toMatchObject({ _id: member.id, emailVerified: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.emailVerifiedAt).toEqual(t.clock.now());
    const me = await inject(t, authApi.me, { headers: await authHeader(t.db, member.id) });
    expect(me.data().user.emailVerified).toBe(true);
    expect(await auditRows(t)).toEqual([
      expect.objectContaining({
        actorId: support.user.id,
        targetType: 'user',
        targetId: member.id,
        summary: "Marked the member's email verified: Checked by phone against the address on file",
        changes: { before: { emailVerified: false }, after: { emailVerified: true } },
      }),
    ]);
    // The owner may too.
    const other = await createUser(t.db, { verified: false });
    expect((await markVerified(t, other.id, (await staff(t, 'owner')).headers)).statusCode).toBe(200);
  });

  it('answers a retry with the same Idempotency-Key as the first, and refuses an already verified or deleted member with 409', async () => {
    const t = await buildTestApp();
    const support = await staff(t, 'support');
    const member = await createUser(t.db, { verified: false });
    const headers = { ...support.headers, 'idempotency-key': 'verify-once' };
    const first = await markVerified(t, member.id, headers);
    const again = await markVerified(t, member.id, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await auditRows(t)).toHaveLength(1);

    const twice = await markVerified(t, member.id, support.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'already_verified' });
    const deleted = await createUser(t.db, { verified: false });
    await t.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, deleted.id));
    const gone = await markVerified(t, deleted.id, support.headers);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe('member_deleted');
    const self = await markVerified(t, support.user.id, support.headers);
    expect(self.json().code).toBe('own_account');
    expect(await auditRows(t)).toHaveLength(1);
  });

  it('refuses bad input with 400 or 404, and any role but support and owner with 403, changing nothing', async () => {
    const t = await buildTestApp();
    const support = await staff(t, 'support');
    const member = await createUser(t.db, { verified: false });
    for (const body of [
      {},
      { reason: 'ok' },
      { reason: 42 },
      { reason: 'Checked by phone', extra: true },
      null,
    ]) {
      const res = await markVerified(t, member.id, support.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await markVerified(t, member.id, support.headers, { reason: 'x'.repeat(501) })).statusCode).toBe(
      400,
    );
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', `${member.id}0`])
      expect((await markVerified(t, id, support.headers)).statusCode).toBe(404);
    for (const role of ['admin', 'finance'] as const) {
      const refused = await markVerified(t, member.id, (await staff(t, role)).headers);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().code).toBe('forbidden');
    }
    expect((await markVerified(t, member.id, await authHeader(t.db, member.id))).statusCode).toBe(403);
    expect((await markVerified(t, member.id, {})).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.emailVerifiedAt).toBeNull();
    expect(await auditRows(t)).toEqual([]);
  });
});
