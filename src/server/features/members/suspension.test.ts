import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  authHeader,
  createPrize,
  createUser,
  registration,
  seasonAccount,
} from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject, rawInject } from '../../../../tests/helpers/inject';
import { authApi } from '../../../contract/auth';
import { cashApi } from '../../../contract/cash';
import { gamificationApi } from '../../../contract/gamification';
import { membersApi } from '../../../contract/members-api';
import { prizesApi } from '../../../contract/prizes-api';
import { usersApi } from '../../../contract/users';
import { wheelApi } from '../../../contract/wheel';
import { clearReads } from '../../context';
import { auditLog, sessions, users, withdrawals } from '../../db/schema';
import { payWeeklyPrizes } from '../gamification/leaderboard';
import { applyConversion } from '../offers/conversions';

const REASON = 'Several accounts used to farm referral entries.';

async function setUp() {
  const t = await buildTestApp();
  const admin = await createUser(t.db, { role: 'owner' });
  const adminHeaders = await authHeader(t.db, admin.id);
  const body = registration();
  const signUp = await inject(t, authApi.register, { body });
  const member = signUp.json().user as { _id: string };
  const memberHeaders = { authorization: `Bearer ${signUp.json().token}` };
  await seasonAccount(t.db, member._id, t.clock.now(), 1500);
  clearReads(t.ctx);
  const act = (action: keyof typeof memberActions, body: object, headers = adminHeaders, id = member._id) =>
    inject(t, memberActions[action], { params: { id }, headers, body: body as never });
  return { t, admin, adminHeaders, body, member, memberHeaders, act };
}

/** What an admin does to a member, by the name of its path. */
const memberActions = {
  suspend: membersApi.suspend,
  unsuspend: membersApi.unsuspend,
  'hold-cashouts': membersApi.holdCashouts,
  'release-cashouts': membersApi.releaseCashouts,
};

const withdraw = (t: TestApp, headers: Record<string, string>) =>
  inject(t, cashApi.requestWithdrawal, {
    headers,
    body: { method: 'paypal', amount: 5, paypalEmail: 'me@example.com' },
  });

describe('suspending a member', () => {
  it('ends their sessions, refuses every call and sign-in with the reason, and holds their withdrawals until lifted', async () => {
    const { t, adminHeaders, body, member, memberHeaders, act } = await setUp();
    const pending = (await withdraw(t, memberHeaders)).data().withdrawal;
    const prize = await createPrize(t.db, t.clock.now());

    const res = await act('suspend', { reason: REASON });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Member suspended; their sessions have ended',
      user: {
        status: 'suspended',
        suspension: { reason: REASON, since: t.clock.now().toISOString(), until: null },
      },
    });
    const open = await t.db.select().from(sessions).where(eq(sessions.userId, member._id));
    expect(open.every((s) => s.expiresAt <= t.clock.now())).toBe(true);

    // The old token: every signed-in call says why, not a bare 401.
    for (const [spec, payload] of [
      [authApi.me, undefined],
      [usersApi.dashboard, undefined],
      [prizesApi.enter, { entries: 1 }],
      [gamificationApi.updateStreak, {}],
      [wheelApi.spin, {}],
      [cashApi.requestWithdrawal, { method: 'paypal', amount: 5, paypalEmail: 'me@example.com' }],
    ] as const) {
      const refused = await rawInject(t, spec, { params: { id: prize.id }, headers: memberHeaders, payload });
      expect(refused.statusCode, spec.path).toBe(403);
      expect(refused.json(), spec.path).toMatchObject({
        code: 'suspended',
        error: `Your account is suspended: ${REASON.slice(0, -1)}. If you think this is a mistake, please contact us.`,
      });
    }
    // Public pages read as for any visitor.
    expect((await inject(t, prizesApi.list, { headers: memberHeaders })).statusCode).toBe(200);
    // Signing in again opens a restricted session (DESIGN §19): who they are, and nothing that plays.
    const login = await inject(t, authApi.login, { body: { email: body.email, password: body.password } });
    expect(login.statusCode).toBe(200);
    const restricted = { authorization: `Bearer ${login.json().token}` };
    expect((await inject(t, authApi.me, { headers: restricted })).statusCode).toBe(200);
    const entering = await rawInject(t, prizesApi.enter, {
      params: { id: prize.id },
      headers: restricted,
      payload: { entries: 1 },
    });
    expect([entering.statusCode, entering.json().code, entering.json().restricted]).toEqual([
      403,
      'suspended',
      true,
    ]);

    const paid = await inject(t, cashApi.markPaid, {
      params: { id: pending._id },
      headers: adminHeaders,
      body: { reference: 'PP-1' },
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toBe(
      'The member is suspended, so this withdrawal cannot be paid until that is lifted',
    );
    const list = (await inject(t, cashApi.adminWithdrawals, { headers: adminHeaders })).data();
    expect(list.withdrawals[0]).toMatchObject({ _id: pending._id, held: 'The member is suspended' });

    expect((await act('suspend', { reason: REASON })).statusCode).toBe(409);
    const lifted = await act('unsuspend', { reason: 'Appeal upheld after review' });
    expect(lifted.json()).toMatchObject({
      message: 'Suspension lifted',
      user: { status: 'active', suspension: null },
    });
    expect((await act('unsuspend', { reason: 'Appeal upheld after review' })).statusCode).toBe(409);
    expect(
      (await inject(t, authApi.login, { body: { email: body.email, password: body.password } })).statusCode,
    ).toBe(200);
    expect(
      (
        await inject(t, cashApi.markPaid, {
          params: { id: pending._id },
          headers: adminHeaders,
          body: { reference: 'PP-1', acknowledgeSignals: true },
        })
      ).statusCode,
    ).toBe(200);
    const [w] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, pending._id));
    expect(w!.status).toBe('paid');
    const actions = (await t.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(['user.suspend', 'user.unsuspend', 'withdrawal.paid']);
  });

  it('with an end date lifts itself then; an end in the past is refused', async () => {
    const { t, body, act } = await setUp();
    const until = new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString();
    expect((await act('suspend', { reason: REASON, until: t.clock.now().toISOString() })).statusCode).toBe(
      400,
    );
    expect((await act('suspend', { reason: REASON, until })).json().user.suspension.until).toBe(until);
    const login = async () => {
      const res = await inject(t, authApi.login, { body: { email: body.email, password: body.password } });
      return { authorization: `Bearer ${res.json().token}` };
    };
    const spin = async () => rawInject(t, wheelApi.spin, { headers: await login(), payload: {} });
    expect((await spin()).json().error).toBe(
      `Your account is suspended until 23 November 2026: ${REASON.slice(0, -1)}. If you think this is a mistake, please contact us.`,
    );
    t.clock.advance(3 * 86_400_000 + 1);
    expect((await spin()).json().code).not.toBe('suspended');
  });

  it('is refused for admins, for oneself, without a reason, and for unknown members', async () => {
    const { t, admin, adminHeaders, act } = await setUp();
    const other = await createUser(t.db, { role: 'owner' });
    expect((await act('suspend', { reason: REASON }, adminHeaders, other.id)).json()).toMatchObject({
      code: 'member_is_admin',
      error: 'Admins cannot be suspended',
    });
    expect((await act('suspend', { reason: REASON }, adminHeaders, admin.id)).json().code).toBe(
      'own_account',
    );
    expect((await act('suspend', { reason: 'bad' })).statusCode).toBe(400);
    expect((await act('suspend', {})).statusCode).toBe(400);
    expect((await act('suspend', { reason: REASON, until: 'soon' })).statusCode).toBe(400);
    expect(
      (await act('suspend', { reason: REASON }, adminHeaders, '00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });

  it('stops a suspended member earning from an offer postback or a weekly leaderboard prize', async () => {
    const { t, member, act } = await setUp();
    await act('suspend', { reason: REASON });
    const refused = applyConversion(
      t.db,
      t.clock,
      { wall: { id: null, entriesPerPound: null }, usdToGbp: 0.79 },
      { userId: member._id, transactionId: 'tx-1', kind: 'credit', kindSigned: true, entries: 50 },
    );
    await expect(refused).rejects.toMatchObject({ status: 403, code: 'suspended' });

    // Top of last week's leaderboard (the welcome bonus and first_login), but suspended: no prize.
    t.clock.set('2026-11-23T00:05:00Z');
    expect(await payWeeklyPrizes(t.db, t.clock)).toEqual({ weekStart: '2026-11-16', paid: 0 });
    const [row] = await t.db.select().from(users).where(eq(users.id, member._id));
    expect(row!.cashPence).toBe(1500);
  });
});

describe('holding cashouts', () => {
  it('stops withdrawals with the reason shown to the member, while they still earn and enter, until released', async () => {
    const { t, adminHeaders, memberHeaders, act } = await setUp();
    const pending = (await withdraw(t, memberHeaders)).data().withdrawal;
    const held = await act('hold-cashouts', { reason: 'Checking the payout account.' });
    expect(held.json()).toMatchObject({
      message: 'Cashouts held',
      user: { status: 'active', cashoutHold: { reason: 'Checking the payout account.' } },
    });
    expect((await act('hold-cashouts', { reason: 'Checking the payout account.' })).statusCode).toBe(409);

    const refused = await withdraw(t, memberHeaders);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'cashouts_held',
      error:
        'Withdrawals from your account are paused: Checking the payout account. You can still earn entries and enter prizes. If you have questions, please contact us.',
    });
    const cash = (await inject(t, cashApi.cash, { headers: memberHeaders })).data();
    expect(cash.blocked).toEqual({ code: 'cashouts_held', message: refused.json().error, until: null });
    const prize = await createPrize(t.db, t.clock.now());
    expect(
      (
        await inject(t, prizesApi.enter, {
          params: { id: prize.id },
          headers: memberHeaders,
          body: { entries: 1 },
        })
      ).statusCode,
    ).toBe(200);
    const pay = () =>
      inject(t, cashApi.markPaid, {
        params: { id: pending._id },
        headers: adminHeaders,
        body: { reference: 'PP-1', acknowledgeSignals: true },
      });
    expect((await pay()).json().code).toBe('payout_held');

    expect(
      (await act('release-cashouts', { reason: 'Account checked and fine' })).json().user.cashoutHold,
    ).toBeNull();
    expect((await withdraw(t, memberHeaders)).statusCode).toBe(201);
    expect((await pay()).statusCode).toBe(200);
  });
});
