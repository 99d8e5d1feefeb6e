import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { cashApi } from '../../../contract/cash';
import { users, withdrawals } from '../../db/schema';
import { credit } from '../../lib/ledger';

async function withCash(t: TestApp, pence: number) {
  const user = await createUser(t.db);
  if (pence) {
    await credit(t.db, {
      userId: user.id,
      amount: pence,
      account: 'cash',
      reason: 'wheel',
      idempotencyKey: `cash:${user.id}`,
      at: t.clock.now(),
    });
  }
  return { user, headers: await authHeader(t.db, user.id) };
}

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
      },
      cash: 7,
    });
    expect((await withdraw(t, headers, bank)).json().cash).toBe(0.5);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.method, 'bank'));
    expect(row!.details).toEqual({ sortCode: '123456', accountNumber: '12345678', accountName: 'Ann Smith' });

    const mine = (await inject(t, cashApi.cash, { headers })).data();
    expect(mine.cash).toBe(0.5);
    expect(mine.withdrawals.map((w) => w.amount).sort()).toEqual([5, 6.5]);
    expect(mine.history.map((h) => [h.amount, h.reason])).toEqual([
      [-6.5, 'withdrawal'],
      [-5, 'withdrawal'],
      [12, 'wheel'],
    ]);
    // Payout details are for admins: the member's own list does not echo them.
    expect(JSON.stringify(mine)).not.toContain('12345678');
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
        ? inject(t, cashApi.markPaid, { params: { id }, headers: admin, body: undefined })
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
    const history = (await inject(t, cashApi.cash, { headers })).data().history;
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
      (await inject(t, cashApi.markPaid, { params: { id: _id }, headers, body: undefined })).statusCode,
    ).toBe(403);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await inject(t, cashApi.markPaid, { params: { id }, headers: admin, body: undefined });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Withdrawal not found');
    }
    expect(
      (await inject(t, cashApi.adminWithdrawals, { headers: admin, query: { status: 'lost' as never } }))
        .statusCode,
    ).toBe(400);
  });
});
