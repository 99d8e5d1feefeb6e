import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createMemberWithCash, createUser, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { APPROVAL_WAITING } from '../../../contract/approvals';
import { authApi } from '../../../contract/auth';
import { cashApi } from '../../../contract/cash';
import { usersApi } from '../../../contract/users';
import { clearReads } from '../../context';
import { memberRisk, users, withdrawals } from '../../db/schema';
import { credit } from '../../lib/ledger';

const withCash = (t: TestApp, pence: number) => createMemberWithCash(t.db, t.clock.now(), pence);

const withdraw = (t: TestApp, headers: Record<string, string>, body: object) =>
  inject(t, cashApi.requestWithdrawal, { headers, body: body as never });

const cashPence = async (t: TestApp, userId: string) =>
  (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.cashPence;

const paypal = { method: 'paypal', amount: 5, paypalEmail: 'Ann@Example.com' };
const bank = {
  method: 'bank',
  amount: 6.5,
  sortCode: '12-34-56',
  accountNumber: '12345678',
  accountName: 'Ann Smith',
};

describe('cash and withdrawals', () => {
  it('hold the amount at once, show it in the history, and take PayPal or a UK bank account', async () => {
    const t = await buildTestApp();
    const { user, headers } = await withCash(t, 1200);
    const first = await withdraw(t, headers, paypal);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      withdrawal: {
        _id: expect.any(String),
        amount: 5,
        method: 'paypal',
        status: 'pending',
        requestedAt: t.clock.now().toISOString(),
        settledAt: null,
        provider: null,
        timeline: [{ status: 'pending', at: t.clock.now().toISOString() }],
        next: { status: 'approved', by: new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString() },
        failureReason: null,
        prizeId: null,
      },
      cash: 7,
    });
    expect((await withdraw(t, headers, bank)).json().cash).toBe(0.5);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.method, 'bank'));
    expect(row!.details).toEqual({ sortCode: '123456', accountNumber: '12345678', accountName: 'Ann Smith' });

    const mine = (await inject(t, cashApi.cash, { headers })).data();
    expect(mine.cash).toBe(0.5);
    expect(mine).toMatchObject({ available: 0.5, settling: [], blocked: null });
    const payouts = (await inject(t, cashApi.withdrawals, { headers })).data();
    expect(payouts.withdrawals.map((w) => w.amount).sort()).toEqual([5, 6.5]);
    const history = (await inject(t, usersApi.history, { headers, query: { account: 'cash' } })).data();
    expect(history.entries.map((h) => [h.amount, h.reason])).toEqual([
      [-6.5, 'withdrawal'],
      [-5, 'withdrawal'],
      [12, 'wheel'],
    ]);
    // Payout details are for admins: the member's own list does not echo them.
    expect(JSON.stringify(payouts)).not.toContain('12345678');
    expect(await cashPence(t, user.id)).toBe(50);
  });

  it('refuse less than £5, more than the balance, and details that cannot be paid, writing nothing', async () => {
    const t = await buildTestApp();
    const { user, headers } = await withCash(t, 800);
    for (const [why, body, text] of [
      ['under £5', { ...paypal, amount: 4.99 }, 'The smallest withdrawal is £5'],
      ['more than the balance', { ...paypal, amount: 8.01 }, 'Insufficient balance'],
      ['fractions of a penny', { ...paypal, amount: 5.001 }, 'Enter pounds and pence, such as 5.50'],
      ['a bad PayPal email', { ...paypal, paypalEmail: 'not-an-email' }, 'Enter a valid email address'],
      ['a bad sort code', { ...bank, sortCode: '1234' }, 'Enter a sort code such as 12-34-56'],
      ['a short account number', { ...bank, accountNumber: '1234' }, 'Enter an 8-digit account number'],
      ['no account name', { ...bank, accountName: '  ' }, 'Name on the account is required'],
      ['another method', { ...paypal, method: 'cheque' }, expect.any(String)],
      ['PayPal with bank fields', { ...paypal, sortCode: '123456' }, expect.any(String)],
    ] as const) {
      const res = await withdraw(t, headers, body);
      expect(res.statusCode, why).toBe(400);
      expect(res.json().error, why).toEqual(typeof text === 'string' ? expect.stringContaining(text) : text);
    }
    expect(await t.db.select().from(withdrawals)).toEqual([]);
    expect(await cashPence(t, user.id)).toBe(800);
    expect((await withdraw(t, {}, paypal)).statusCode).toBe(401);
  });

  it('never pay out more than the balance when requests arrive at the same moment', async () => {
    const t = await buildTestApp();
    const { user, headers } = await withCash(t, 1700);
    const results = await Promise.all(Array.from({ length: 6 }, () => withdraw(t, headers, paypal)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 400, 400, 400]);
    expect(await cashPence(t, user.id)).toBe(200);
    expect(await t.db.select().from(withdrawals)).toHaveLength(3);
  });

  it('list a member’s own payouts a page at a time, each once, however many they asked for', async () => {
    const t = await buildTestApp();
    const { user, headers } = await withCash(t, 0);
    const other = await withCash(t, 0);
    const at = (i: number) => new Date(t.clock.now().getTime() - Math.floor(i / 2) * 60_000);
    const row = (userId: string, i: number) => ({
      userId,
      amountPence: 500 + i,
      method: 'paypal' as const,
      details: { paypalEmail: 'ann@example.com' },
      requestedAt: at(i),
    });
    await t.db
      .insert(withdrawals)
      .values([...Array.from({ length: 11 }, (_, i) => row(user.id, i)), row(other.user.id, 99)]);
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = (await inject(t, cashApi.withdrawals, { headers, query: { limit: 4, cursor } })).data();
      expect(page.withdrawals.length).toBeLessThanOrEqual(4);
      seen.push(...page.withdrawals.map((w) => Math.round(w.amount * 100)));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.sort()).toEqual(Array.from({ length: 11 }, (_, i) => 500 + i));

    for (const query of [{ limit: 0 }, { limit: 201 }, { cursor: 'not-ours' }, { status: 'paid' }])
      expect((await inject(t, cashApi.withdrawals, { headers, query: query as never })).statusCode).toBe(400);
    expect((await inject(t, cashApi.withdrawals)).statusCode).toBe(401);
  });
});

describe('withdrawals wait until the money has settled', () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  it('refuse an unverified address, then an account under 7 days old, each saying when, and write nothing', async () => {
    const t = await buildTestApp();
    t.clock.set('2026-11-20T10:00:00Z');
    const signUp = await inject(t, authApi.register, { body: registration() });
    const { user, token } = signUp.json();
    const headers = { authorization: `Bearer ${token}` };
    await credit(t.db, {
      userId: user._id,
      amount: 900,
      account: 'cash',
      reason: 'wheel',
      idempotencyKey: 'won',
      at: t.clock.now(),
    });

    const unverified = await withdraw(t, headers, paypal);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({
      code: 'email_unverified',
      error: 'Verify your email address before you withdraw: use the link we emailed you.',
    });
    await t.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, user._id));
    clearReads(t.ctx);

    t.clock.advance(7 * DAY - 60_000);
    const young = await withdraw(t, headers, paypal);
    expect(young.statusCode).toBe(403);
    expect(young.json()).toMatchObject({
      code: 'account_too_new',
      error: 'Accounts can withdraw once they are 7 days old: you can from 27 November at 10:00.',
    });
    expect((await inject(t, cashApi.cash, { headers })).data().blocked).toEqual({
      code: 'account_too_new',
      message: young.json().error,
      until: '2026-11-27T10:00:00.000Z',
    });
    expect(await t.db.select().from(withdrawals)).toEqual([]);
    expect(await cashPence(t, user._id)).toBe(900);

    t.clock.advance(60_000);
    expect((await withdraw(t, headers, paypal)).statusCode).toBe(201);
    expect((await inject(t, cashApi.cash, { headers })).data().blocked).toBeNull();
  });

  it('pay out only cash credited 72 hours ago, showing the rest apart with when it settles', async () => {
    const t = await buildTestApp();
    const { user, headers } = await withCash(t, 600);
    const won = (pence: number, key: string) =>
      credit(t.db, {
        userId: user.id,
        amount: pence,
        account: 'cash',
        reason: 'wheel',
        idempotencyKey: key,
        at: t.clock.now(),
      });
    await won(500, 'monday');
    t.clock.advance(24 * HOUR);
    await won(300, 'tuesday');
    const cash = async () => (await inject(t, cashApi.cash, { headers })).data();
    const monday = new Date(t.clock.now().getTime() + 48 * HOUR).toISOString();
    const tuesday = new Date(t.clock.now().getTime() + 72 * HOUR).toISOString();
    expect(await cash()).toMatchObject({
      cash: 14,
      available: 6,
      settling: [
        { amount: 5, availableAt: monday },
        { amount: 3, availableAt: tuesday },
      ],
    });

    const tooMuch = await withdraw(t, headers, { ...paypal, amount: 6.01 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'cash_settling',
      error: expect.stringMatching(
        /^Cash can be withdrawn 72 hours after it arrives\. You can withdraw £6\.00 now; £5\.00 more from \d+ November at \d\d:\d\d\.$/,
      ),
    });
    // More than the whole balance is still the ledger's refusal.
    expect((await withdraw(t, headers, { ...paypal, amount: 14.01 })).json().error).toBe(
      'Insufficient balance',
    );
    expect((await withdraw(t, headers, { ...paypal, amount: 6 })).statusCode).toBe(201);
    // What is left is all still settling: money leaves oldest first.
    expect(await cash()).toMatchObject({ cash: 8, available: 0 });

    t.clock.advance(48 * HOUR);
    expect(await cash()).toMatchObject({
      cash: 8,
      available: 5,
      settling: [{ amount: 3, availableAt: tuesday }],
    });
    // A rejected withdrawal comes back settled: it had settled before it left.
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id, {
      at: t.clock.now(),
    });
    const asked = (await withdraw(t, headers, paypal)).data().withdrawal;
    await inject(t, cashApi.reject, { params: { id: asked._id }, headers: admin });
    expect(await cash()).toMatchObject({ cash: 8, available: 5 });
    t.clock.advance(24 * HOUR);
    expect(await cash()).toMatchObject({ cash: 8, available: 8, settling: [] });
  });

  it('let two requests at once never spend cash that has not settled', async () => {
    const t = await buildTestApp();
    const { user, headers } = await withCash(t, 1000);
    await credit(t.db, {
      userId: user.id,
      amount: 2000,
      account: 'cash',
      reason: 'admin_adjustment',
      idempotencyKey: 'fresh',
      at: t.clock.now(),
    });
    const results = await Promise.all(Array.from({ length: 4 }, () => withdraw(t, headers, paypal)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    expect(await cashPence(t, user.id)).toBe(2000);
  });
});

describe('settling withdrawals', () => {
  it('lets an admin mark one paid, or reject one and return the money, each once', async () => {
    const t = await buildTestApp();
    const { user, headers } = await withCash(t, 1500);
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const a = (await withdraw(t, headers, paypal)).data().withdrawal;
    t.clock.advance(60_000);
    const b = (await withdraw(t, headers, bank)).data().withdrawal;

    const pending = (await inject(t, cashApi.adminWithdrawals, { headers: admin })).data().withdrawals;
    expect(pending).toHaveLength(2);
    expect(pending[0]).toMatchObject({
      _id: a._id,
      status: 'pending',
      user: { _id: user.id, email: user.email },
      details: { paypalEmail: 'ann@example.com' },
    });

    const settle = (id: string, action: 'paid' | 'reject') =>
      action === 'paid'
        ? inject(t, cashApi.markPaid, { params: { id }, headers: admin, body: { reference: 'PP-1' } })
        : inject(t, cashApi.reject, { params: { id }, headers: admin });
    const [paid, again] = await Promise.all([settle(a._id, 'paid'), settle(a._id, 'reject')]);
    expect([paid.statusCode, again.statusCode].sort()).toEqual([200, 409]);
    const rejected = await settle(b._id, 'reject');
    expect(rejected.json().withdrawal).toMatchObject({
      status: 'rejected',
      settledAt: t.clock.now().toISOString(),
    });
    expect((await settle(b._id, 'reject')).json().error).toBe('This withdrawal was already marked rejected');

    // Whichever settled a first, b's £6.50 came back.
    const aStatus = (paid.statusCode === 200 ? paid : again).json().withdrawal.status;
    expect(await cashPence(t, user.id)).toBe(1500 - 500 - 650 + 650 + (aStatus === 'rejected' ? 500 : 0));
    const history = (await inject(t, usersApi.history, { headers, query: { account: 'cash' } })).data()
      .entries;
    expect(history[0]).toMatchObject({ amount: 6.5, reason: 'withdrawal_returned' });
    expect(
      (await inject(t, cashApi.adminWithdrawals, { headers: admin, query: { status: 'rejected' } })).data()
        .withdrawals,
    ).toHaveLength(aStatus === 'rejected' ? 2 : 1);
  });

  it('is for admins only, and answers 404 for unknown ids and 400 for unknown states', async () => {
    const t = await buildTestApp();
    const { headers } = await withCash(t, 500);
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const { _id } = (await withdraw(t, headers, paypal)).data().withdrawal;
    expect((await inject(t, cashApi.adminWithdrawals, { headers })).statusCode).toBe(403);
    expect(
      (await inject(t, cashApi.markPaid, { params: { id: _id }, headers, body: { reference: 'PP-1' } }))
        .statusCode,
    ).toBe(403);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await inject(t, cashApi.markPaid, {
        params: { id },
        headers: admin,
        body: { reference: 'PP-1' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Withdrawal not found');
    }
    expect(
      (await inject(t, cashApi.adminWithdrawals, { headers: admin, query: { status: 'lost' as never } }))
        .statusCode,
    ).toBe(400);
  });

  it('mark several paid under one reference, each as if alone, and show who paid each and with what reference', async () => {
    const t = await buildTestApp();
    const owner = await createUser(t.db, { role: 'owner', username: 'Olive Owner' });
    const admin = await authHeader(t.db, owner.id);
    const ask = async (pence: number, amount: number) => {
      const { user, headers } = await withCash(t, pence);
      return { user, withdrawal: (await withdraw(t, headers, { ...paypal, amount })).data().withdrawal };
    };
    const plain = await ask(500, 5);
    const flagged = await ask(500, 5);
    const large = await ask(2500, 25);
    const done = await ask(500, 5);
    await t.db
      .update(memberRisk)
      .set({ score: 15, signals: [{ code: 'disposable_email', detail: 'x', accounts: [] }] })
      .where(eq(memberRisk.userId, flagged.user.id));
    await inject(t, cashApi.reject, { params: { id: done.withdrawal._id }, headers: admin });

    const many = (body: object) => inject(t, cashApi.markManyPaid, { headers: admin, body: body as never });
    const ids = [plain, flagged, large, done].map((x) => x.withdrawal._id);
    const res = await many({ ids, reference: 'BATCH-2026-11-20' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { _id: ids[0], outcome: 'paid', message: null },
      {
        _id: ids[1],
        outcome: 'refused',
        message: 'This member has fraud signals. Look at them, then confirm that you have to pay.',
      },
      { _id: ids[2], outcome: 'approval', message: APPROVAL_WAITING },
      { _id: ids[3], outcome: 'refused', message: 'This withdrawal was already marked rejected' },
    ]);
    const paid = (
      await inject(t, cashApi.adminWithdrawals, { headers: admin, query: { status: 'paid' } })
    ).data();
    expect(paid.withdrawals).toEqual([
      expect.objectContaining({
        _id: ids[0],
        reference: 'BATCH-2026-11-20',
        settledBy: { _id: owner.id, username: 'Olive Owner' },
        settledAt: t.clock.now().toISOString(),
      }),
    ]);

    for (const [body, error] of [
      [{ ids: [], reference: 'R' }, 'Choose the withdrawals to mark paid'],
      [{ ids: [ids[1], ids[1]], reference: 'R' }, 'One is listed twice'],
      [{ ids: ['nope'], reference: 'R' }, 'Withdrawal not found'],
      [{ ids: [ids[1]] }, 'The payment reference is required'],
      [{ ids: [ids[1]], reference: '  ' }, 'The payment reference is required'],
      [
        { ids: Array.from({ length: 51 }, () => crypto.randomUUID()), reference: 'R' },
        'Choose at most 50 at once',
      ],
    ] as const) {
      const refused = await many(body);
      expect(refused.statusCode, error).toBe(400);
      expect(refused.json().error).toContain(error);
    }
    const single = await inject(t, cashApi.markPaid, {
      params: { id: ids[1]! },
      headers: admin,
      body: {} as never,
    });
    expect(single.json().error).toContain('The payment reference is required');
    const member = await withCash(t, 0);
    expect((await many({ ids: [ids[1]], reference: 'R' })).statusCode).toBe(200);
    expect(
      (
        await inject(t, cashApi.markManyPaid, {
          headers: member.headers,
          body: { ids: [ids[1]!], reference: 'R' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
