import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser, markVerified, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { confirmRecently } from '../../../../tests/helpers/two-factor';
import { accountApi } from '../../../contract/account';
import { authApi } from '../../../contract/auth';
import { MINUTE_MS } from '../../../contract/constants';
import { prizesApi } from '../../../contract/prizes-api';
import type { StaffRole } from '../../../contract/staff';
import { staffApi } from '../../../contract/staff-api';
import { twoFactorApi } from '../../../contract/two-factor';
import { users } from '../../db/schema';

// DESIGN §16: becoming staff starts clean, and the last owner stays.

async function staff(t: TestApp, role: StaffRole, username = `A ${role}`) {
  const user = await createUser(t.db, { role, username });
  return { id: user.id, headers: await authHeader(t.db, user.id) };
}

const signedIn = async (t: TestApp, headers: Record<string, string>) =>
  (await inject(t, authApi.me, { headers })).statusCode === 200;

const changeRole = (t: TestApp, headers: Record<string, string>, id: string, role: StaffRole | null) =>
  inject(t, staffApi.changeRole, { headers, params: { id }, body: { role } });

const leave = (t: TestApp, headers: Record<string, string>, password?: string) =>
  inject(t, accountApi.deleteAccount, {
    headers,
    body: password === undefined ? { confirm: 'DELETE' } : { password },
  });

describe('becoming staff', () => {
  it('ends every session the member had, so none opened before can enrol a second factor or reach the console', async () => {
    const t = await buildTestApp();
    const owner = await staff(t, 'owner');
    const body = registration({ username: 'Pat Promoted' });
    const signedUp = (await inject(t, authApi.register, { body })).data();
    const before = { authorization: `Bearer ${signedUp.token}` };
    const second = await inject(t, authApi.login, { body: { email: body.email, password: body.password } });
    const elsewhere = { authorization: `Bearer ${(second.data() as { token: string }).token}` };
    await markVerified(t.db, signedUp.user._id);

    const made = await inject(t, staffApi.add, {
      headers: owner.headers,
      body: { email: body.email, role: 'admin' },
    });
    expect(made.statusCode).toBe(200);
    for (const headers of [before, elsewhere]) {
      expect(await signedIn(t, headers)).toBe(false);
      const setUp = await inject(t, twoFactorApi.totpSetup, { headers, body: { password: body.password } });
      expect(setUp.statusCode).toBe(401);
      expect((await inject(t, prizesApi.adminList, { headers })).statusCode).toBe(401);
    }
    // Signing in again opens a session that must set up its second factor before the console opens.
    const again = await inject(t, authApi.login, { body: { email: body.email, password: body.password } });
    const fresh = { authorization: `Bearer ${(again.data() as { token: string }).token}` };
    expect((await inject(t, prizesApi.adminList, { headers: fresh })).json().code).toBe(
      'two_factor_required',
    );

    // A change between roles is not becoming staff: their sessions stand.
    const later = await changeRole(t, owner.headers, signedUp.user._id, 'finance');
    expect(later.statusCode).toBe(200);
    expect(await signedIn(t, fresh)).toBe(true);
  });
});

describe('the last owner', () => {
  it('cannot drop their role, lose it, or delete their account: 409 last_owner, and nothing changes', async () => {
    const t = await buildTestApp();
    const olive = await staff(t, 'owner', 'Olive Owner');
    const dropped = await changeRole(t, olive.headers, olive.id, 'admin');
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json()).toEqual({
      error: 'You are the only owner: make someone else an owner first',
      code: 'last_owner',
    });
    const gone = await leave(t, olive.headers, 'whatever it is');
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe('last_owner');
    const [row] = await t.db.select().from(users).where(eq(users.id, olive.id));
    expect(row).toMatchObject({ staffRole: 'owner', deletedAt: null });
  });

  it('stays when two owners take each other’s role at the same moment: one change goes through, the other is refused', async () => {
    const t = await buildTestApp();
    const a = await staff(t, 'owner');
    const b = await staff(t, 'owner');
    // Never their own, even with another owner to stay.
    const own = await changeRole(t, a.headers, a.id, 'admin');
    expect(own.json()).toEqual({ error: 'You cannot change your own role', code: 'own_account' });
    const answers = await Promise.all([
      changeRole(t, a.headers, b.id, null),
      changeRole(t, b.headers, a.id, null),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const owners = await t.db.select().from(users).where(eq(users.staffRole, 'owner'));
    expect(owners).toHaveLength(1);
  });
});

describe('leaving the staff', () => {
  it('comes before deleting the account, which then needs a second factor from the last 15 minutes', async () => {
    const t = await buildTestApp();
    const owner = await staff(t, 'owner');
    const body = registration({ username: 'Sue Support' });
    const sue = (await inject(t, authApi.register, { body })).data().user;
    await markVerified(t.db, sue._id);
    await inject(t, staffApi.add, { headers: owner.headers, body: { email: body.email, role: 'support' } });
    const headers = await authHeader(t.db, sue._id);

    const refused = await leave(t, headers, body.password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Staff accounts are deleted once an owner has removed their role',
      code: 'still_staff',
    });
    expect((await changeRole(t, owner.headers, sue._id, null)).statusCode).toBe(200);

    // A member again, but one with a second factor: the session's must be fresh.
    t.clock.advance(16 * MINUTE_MS);
    const stale = await leave(t, headers, body.password);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('reauth_required');
    await confirmRecently(t, headers, sue._id);
    const left = await leave(t, headers, body.password);
    expect(left.statusCode, left.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, sue._id));
    expect(row!.deletedAt).not.toBeNull();
  });
});
