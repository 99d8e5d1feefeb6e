import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { authHeader, createMemberWithCash, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject, rawInject } from '../../../../tests/helpers/inject';
import { type ItemState, startPayPalStandIn } from '../../../../tests/support/paypal-stand-in';
import { approvalsApi } from '../../../contract/approvals';
import { cashApi } from '../../../contract/cash';
import { payoutsApi } from '../../../contract/payouts';
import { ledgerEntries, notifications, users, withdrawals } from '../../db/schema';
import { leavesOfKind } from '../transparency/log';
import { sendApproved } from './sending';

const paypalAsk = { method: 'paypal', amount: 10, paypalEmail: 'ann@example.com' } as const;

/**
 * A site paying through a fresh PayPal stand-in, with a member holding £`pounds` and an owner, who may
 * send up to £1,000 a day alone unless `env` says otherwise.
 */
async function payoutSite(pounds = 30, env: Record<string, string> = {}) {
  const paypal = await startPayPalStandIn();
  onTestFinished(() => paypal.close());
  const t = await buildTestApp({ env: { ...paypal.env, APPROVAL_CASH_POUNDS: '1000', ...env } });
  const { user, headers } = await createMemberWithCash(t.db, t.clock.now(), pounds * 100);
  const owner = await createUser(t.db, { role: 'owner' });
  const admin = await authHeader(t.db, owner.id);
  return { t, paypal, member: user, headers, admin };
}

const ask = async (t: TestApp, headers: Record<string, string>, body: object = paypalAsk) =>
  (await inject(t, cashApi.requestWithdrawal, { headers, body: body as never })).data().withdrawal._id;

const send = (t: TestApp, admin: Record<string, string>, id: string, body = {}) =>
  inject(t, cashApi.send, { params: { id }, headers: admin, body });

const row = async (t: TestApp, id: string) =>
  (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

const cashOf = async (t: TestApp, userId: string) =>
  (await t.db.select({ cash: users.cashPence }).from(users).where(eq(users.id, userId)))[0]!.cash;

const returnedRows = (t: TestApp, id: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.reference, id), eq(ledgerEntries.reason, 'withdrawal_returned')));

/** The site's PayPal webhook, sent as PayPal would: signed by the stand-in over these very bytes. */
const deliver = (t: TestApp, event: { body: string; headers: Record<string, string> }) =>
  rawInject(t, payoutsApi.paypalWebhook, { headers: event.headers, payload: event.body });

/** Sends what is approved, as the job does, after any send the route started has finished. */
async function sendNow(t: TestApp) {
  await t.ctx.payouts.idle();
  return sendApproved(t.ctx.payouts.sending);
}

describe('payouts through PayPal', () => {
  it('take a withdrawal from request to paid with no typed reference, shown to the member with its timeline', async () => {
    const { t, paypal, member, headers, admin } = await payoutSite();
    const id = await ask(t, headers);
    const sent = await send(t, admin, id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ withdrawal: { status: 'approved', provider: 'paypal' } });
    await t.ctx.payouts.idle();

    const paid = await row(t, id);
    expect(paid).toMatchObject({ status: 'paid', provider: 'paypal', paymentReference: null });
    expect(paid.providerRef).toBe(paypal.batchesFor(id)[0]!.batch_header.payout_batch_id);
    // What PayPal was asked: one item, in pounds sterling, to the member's address, under our id.
    const create = paypal.requests.find((r) => r.path === '/v1/payments/payouts')!.body as {
      sender_batch_header: { sender_batch_id: string };
      items: Array<{ amount: unknown; receiver: string; sender_item_id: string }>;
    };
    expect(create.sender_batch_header.sender_batch_id).toBe(id);
    expect(create.items).toEqual([
      expect.objectContaining({
        amount: { value: '10.00', currency: 'GBP' },
        receiver: 'ann@example.com',
        sender_item_id: id,
      }),
    ]);

    const mine = (await inject(t, cashApi.withdrawals, { headers })).data().withdrawals[0]!;
    expect(mine).toMatchObject({ status: 'paid', provider: 'paypal', next: null, failureReason: null });
    expect(mine.timeline.map((s) => s.status)).toEqual(['pending', 'approved', 'submitted', 'paid']);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(told.map((n) => n.title)).toContain('Your £10.00 withdrawal has been paid');
    expect(await cashOf(t, member.id)).toBe(2000);
    // Public in the log as what was paid, how and how fast: never to whom.
    expect(await leavesOfKind(t.db, 'payout')).toEqual([
      {
        type: 'payout',
        outcome: 'paid',
        amountPence: 1000,
        method: 'paypal',
        days: 0,
        prize: null,
        at: expect.any(String),
      },
    ]);
  });

  it('pays once when PayPal took it but the answer never reached us: a crash, or a 500 after the work', async () => {
    const { t, paypal, headers, admin } = await payoutSite(50);
    // A crash between PayPal's answer and our save: PayPal holds the batch, we hold an approved payout.
    const crashed = await ask(t, headers);
    paypal.state.failures.push('before');
    await send(t, admin, crashed);
    await t.ctx.payouts.idle();
    expect((await row(t, crashed)).status).toBe('approved');
    await t.ctx.payouts.paypal!.send({
      id: crashed,
      amountPence: 1000,
      currency: 'GBP',
      receiver: 'ann@example.com',
      note: 'sent just before the crash',
    });
    // A 500 after PayPal made the batch.
    const lost = await ask(t, headers);
    paypal.state.failures.push('after');
    await send(t, admin, lost);
    await t.ctx.payouts.idle();
    expect((await row(t, lost)).status).toBe('approved');

    // Sent again once their wait is over, each with the same id: PayPal refuses the duplicate and links the original.
    t.clock.advance(10 * 60_000);
    expect(await sendNow(t)).toEqual({ sent: 2, waiting: 0, failed: 0 });
    for (const id of [crashed, lost]) {
      expect(paypal.batchesFor(id)).toHaveLength(1);
      expect(await row(t, id)).toMatchObject({
        status: 'paid',
        providerRef: paypal.batchesFor(id)[0]!.batch_header.payout_batch_id,
      });
    }
    // Asked five times in all (the first refused before PayPal did anything, the crashed one's own
    // send, the lost answer, and each retry), and each paid once.
    expect(paypal.requests.filter((r) => r.path === '/v1/payments/payouts')).toHaveLength(5);
  });

  it('wait after PayPal fails on its side, then send it again with the same id', async () => {
    const { t, paypal, headers, admin } = await payoutSite();
    const id = await ask(t, headers);
    paypal.state.failures.push('before', 'before');
    await send(t, admin, id);
    await t.ctx.payouts.idle();
    // Not before its wait is over.
    expect(await sendNow(t)).toEqual({ sent: 0, waiting: 0, failed: 0 });
    t.clock.advance(60_000);
    expect(await sendNow(t)).toEqual({ sent: 0, waiting: 1, failed: 0 });
    // Staff need not wait for the next try: Send now lifts the wait.
    const retry = () => inject(t, cashApi.retry, { params: { id }, headers: admin });
    expect((await retry()).statusCode).toBe(200);
    await t.ctx.payouts.idle();
    expect((await row(t, id)).status).toBe('paid');
    expect(paypal.batchesFor(id)).toHaveLength(1);
    expect((await retry()).statusCode).toBe(409);
  });

  it('refuse a forged, unsigned or altered webhook with 400 and change nothing', async () => {
    const { t, paypal, headers, admin } = await payoutSite();
    paypal.state.outcome = 'PENDING';
    const id = await ask(t, headers);
    await send(t, admin, id);
    await t.ctx.payouts.idle();
    const item = paypal.itemFor(id)!.payout_item_id;
    const genuine = paypal.webhook(item, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
    const attempts = [
      paypal.webhook(item, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', { forged: true }),
      { ...genuine, body: genuine.body.replace('SUCCEEDED', 'REVERSED') },
      { ...genuine, headers: { ...genuine.headers, 'paypal-transmission-sig': '' } },
      { ...genuine, headers: { 'content-type': 'application/json' } },
    ];
    for (const forged of attempts) {
      const answer = await deliver(t, forged);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toMatch(/not signed by PayPal|required/);
    }
    expect((await deliver(t, { ...genuine, body: '{"id": ' })).statusCode).toBe(400);
    expect((await row(t, id)).status).toBe('submitted');
    expect((await deliver(t, genuine)).statusCode).toBe(200);
    expect((await row(t, id)).status).toBe('paid');
  });

  it('apply each event once and in any order: a replay or a late event changes nothing', async () => {
    const { t, paypal, member, headers, admin } = await payoutSite();
    paypal.state.outcome = 'UNCLAIMED';
    const id = await ask(t, headers);
    await send(t, admin, id);
    await t.ctx.payouts.idle();
    expect((await row(t, id)).status).toBe('unclaimed');
    const item = paypal.itemFor(id)!.payout_item_id;
    // The member claims it; the UNCLAIMED event arrives after the SUCCEEDED one.
    paypal.setItemState(item, 'SUCCESS');
    const succeeded = paypal.webhook(item, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
    const late = paypal.webhook(item, 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED');
    for (const event of [succeeded, late, succeeded, late])
      expect((await deliver(t, event)).statusCode).toBe(200);
    expect((await row(t, id)).status).toBe('paid');
    // A RETURNED after paid is not a move PayPal's states allow (paid only reverses).
    expect((await deliver(t, paypal.webhook(item, 'PAYMENT.PAYOUTS-ITEM.RETURNED'))).statusCode).toBe(200);
    expect((await row(t, id)).status).toBe('paid');
    expect(await returnedRows(t, id)).toHaveLength(0);
    // A reversal gives the cash back, once, however often it is told.
    const reversed = paypal.webhook(item, 'PAYMENT.PAYOUTS-ITEM.REVERSED');
    await deliver(t, reversed);
    await deliver(t, reversed);
    await deliver(t, paypal.webhook(item, 'PAYMENT.PAYOUTS-ITEM.REVERSED'));
    expect((await row(t, id)).status).toBe('reversed');
    expect(await returnedRows(t, id)).toHaveLength(1);
    expect(await cashOf(t, member.id)).toBe(3000);
  });

  it('give the cash back when a payout is returned or fails, saying why', async () => {
    const { t, paypal, member, headers, admin } = await payoutSite();
    paypal.state.outcome = 'UNCLAIMED';
    const unclaimed = await ask(t, headers);
    await send(t, admin, unclaimed);
    await t.ctx.payouts.idle();
    expect(await cashOf(t, member.id)).toBe(2000);
    const item = paypal.itemFor(unclaimed)!.payout_item_id;
    paypal.setItemState(item, 'RETURNED');
    await deliver(t, paypal.webhook(item, 'PAYMENT.PAYOUTS-ITEM.RETURNED'));
    expect(await row(t, unclaimed)).toMatchObject({ status: 'returned' });
    expect(await cashOf(t, member.id)).toBe(3000);

    paypal.state.outcome = 'FAILED';
    t.clock.advance(60_000);
    const failed = await ask(t, headers);
    await send(t, admin, failed);
    await t.ctx.payouts.idle();
    expect(await row(t, failed)).toMatchObject({
      status: 'failed',
      failureReason: 'Receiver is unregistered',
    });
    expect(await cashOf(t, member.id)).toBe(3000);
    const mine = (await inject(t, cashApi.withdrawals, { headers })).data().withdrawals;
    expect(mine.map((w) => w.status)).toEqual(['failed', 'returned']);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(told.find((n) => n.key === `withdrawal_failed:${failed}`)).toMatchObject({
      title: 'Your £10.00 withdrawal could not be paid',
      body: 'Receiver is unregistered. The £10.00 is back in your cash balance: check your details and withdraw it again, or contact us.',
    });
    expect((await leavesOfKind(t.db, 'payout')).map((l) => l.type === 'payout' && l.outcome)).toEqual([
      'returned',
      'failed',
    ]);
  });

  it('settle a payout whose webhook never came, when the reconciler reads it back', async () => {
    const { t, paypal, headers, admin } = await payoutSite();
    paypal.state.outcome = 'PENDING';
    const id = await ask(t, headers);
    await send(t, admin, id);
    await t.ctx.payouts.idle();
    expect((await row(t, id)).status).toBe('submitted');
    paypal.setItemState(paypal.itemFor(id)!.payout_item_id, 'SUCCESS' satisfies ItemState);
    // Not read back before PAYOUT_RECONCILE_SECONDS have passed since it was sent.
    expect(await t.ctx.payouts.reconcile(900)).toMatchObject({ read: 0 });
    t.clock.advance(901_000);
    expect(await t.ctx.payouts.reconcile(900)).toMatchObject({ read: 1, moved: 1 });
    expect((await row(t, id)).status).toBe('paid');
    expect(await t.ctx.payouts.reconcile(900)).toMatchObject({ read: 0 });
  });

  it('check amount and recipient before anything is sent, and fail a payout PayPal refuses, its cash back', async () => {
    const { t, paypal, member, headers, admin } = await payoutSite();
    const id = await ask(t, headers);
    // Details that passed the request's checks once but are not payable now.
    await t.db
      .update(withdrawals)
      .set({ details: { paypalEmail: 'not an address' } })
      .where(eq(withdrawals.id, id));
    await send(t, admin, id);
    await t.ctx.payouts.idle();
    expect(await row(t, id)).toMatchObject({
      status: 'failed',
      failureReason: 'The PayPal address is not a valid email address',
    });
    expect(paypal.requests.filter((r) => r.path === '/v1/payments/payouts')).toHaveLength(0);
    expect(await cashOf(t, member.id)).toBe(3000);
  });

  it('wait for a second member of staff over the limit, and send once approved', async () => {
    const { t, paypal, headers, admin } = await payoutSite(50, { APPROVAL_CASH_POUNDS: '15' });
    const id = await ask(t, headers, { ...paypalAsk, amount: 20 });
    const waiting = await send(t, admin, id);
    expect(waiting.statusCode).toBe(202);
    expect((await row(t, id)).status).toBe('pending');
    const second = await authHeader(t.db, (await createUser(t.db, { role: 'finance' })).id);
    const approvalId = waiting.json().approval._id;
    expect(
      (await inject(t, approvalsApi.approve, { params: { id: approvalId }, headers: second })).statusCode,
    ).toBe(200);
    await t.ctx.payouts.idle();
    expect((await row(t, id)).status).toBe('paid');
    expect(paypal.batchesFor(id)).toHaveLength(1);
  });

  it('cancel one not yet sent, or one unclaimed at PayPal, each returning the cash', async () => {
    const { t, paypal, member, headers, admin } = await payoutSite();
    // By bank: approved to be paid by hand, then cancelled before anyone paid it.
    const bank = await ask(t, headers, {
      method: 'bank',
      amount: 10,
      sortCode: '12-34-56',
      accountNumber: '12345678',
      accountName: 'Ann Smith',
    });
    expect((await send(t, admin, bank)).json().withdrawal).toMatchObject({
      status: 'approved',
      provider: 'manual',
    });
    expect(
      (await inject(t, cashApi.cancel, { params: { id: bank }, headers: admin })).data().withdrawal.status,
    ).toBe('rejected');
    paypal.state.outcome = 'UNCLAIMED';
    const unclaimed = await ask(t, headers);
    await send(t, admin, unclaimed);
    await t.ctx.payouts.idle();
    const cancelled = await inject(t, cashApi.cancel, { params: { id: unclaimed }, headers: admin });
    expect(cancelled.data().withdrawal.status).toBe('returned');
    expect(paypal.itemFor(unclaimed)!.transaction_status).toBe('RETURNED');
    expect(await cashOf(t, member.id)).toBe(3000);
    // Paid, or already back: nothing to cancel.
    const again = await inject(t, cashApi.cancel, { params: { id: unclaimed }, headers: admin });
    expect(again.statusCode).toBe(409);
  });

  it('pay a manual payout approved by send with its reference, with no second approval', async () => {
    const { t, headers, admin } = await payoutSite(50, { APPROVAL_CASH_POUNDS: '15' });
    const bank = {
      method: 'bank',
      amount: 10,
      sortCode: '12-34-56',
      accountNumber: '12345678',
      accountName: 'Ann Smith',
    };
    const id = await ask(t, headers, bank);
    expect((await send(t, admin, id)).statusCode).toBe(200);
    // A second payment would pass the limit, but this one's four eyes were at its approval.
    const paid = await inject(t, cashApi.markPaid, {
      params: { id },
      headers: admin,
      body: { reference: 'BACS-1' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().withdrawal).toMatchObject({ status: 'paid', reference: 'BACS-1' });
    expect(paid.json().withdrawal.timeline.map((s: { status: string }) => s.status)).toEqual([
      'pending',
      'approved',
      'paid',
    ]);
  });

  it('send each payout once when several workers and webhooks race, and the ledger still adds up', async () => {
    const { t, paypal, member, headers, admin } = await payoutSite(60);
    paypal.state.outcome = 'PENDING';
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1_000);
      ids.push(await ask(t, headers));
    }
    const sent = await Promise.all(ids.map((id) => send(t, admin, id)));
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // The sends the routes started, and three more workers, all at once.
    t.clock.advance(10 * 60_000);
    await Promise.all([
      t.ctx.payouts.idle(),
      ...Array.from({ length: 3 }, () => sendApproved(t.ctx.payouts.sending)),
    ]);
    for (const id of ids) expect(paypal.batchesFor(id)).toHaveLength(1);
    // Every item succeeds; each event arrives twice, all at once.
    const events = ids.map((id) => {
      const item = paypal.itemFor(id)!.payout_item_id;
      paypal.setItemState(item, 'SUCCESS');
      return paypal.webhook(item, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
    });
    const answers = await Promise.all([...events, ...events].map((e) => deliver(t, e)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    for (const id of ids) expect((await row(t, id)).status).toBe('paid');
    const [ledger] = await t.db
      .select({ sum: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, member.id), eq(ledgerEntries.account, 'cash')));
    expect(await cashOf(t, member.id)).toBe(1000);
    expect(Number(ledger!.sum)).toBe(1000);
  });

  it('say in Settings which providers are on, and what one that is off needs', async () => {
    const { t, headers, admin } = await payoutSite();
    const providers = (await inject(t, payoutsApi.providers, { headers: admin })).data().providers;
    expect(providers.map((p) => [p.name, p.on])).toEqual([
      ['paypal', true],
      ['tremendous', false],
      ['manual', true],
    ]);
    expect((await inject(t, payoutsApi.providers, { headers })).statusCode).toBe(403);
    const off = await buildTestApp();
    const owner = await authHeader(off.db, (await createUser(off.db, { role: 'owner' })).id);
    expect((await inject(off, payoutsApi.providers, { headers: owner })).data().providers[0]).toEqual({
      name: 'paypal',
      on: false,
      note: 'Off: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET to pay PayPal addresses through PayPal. Until then they are paid by hand.',
      balance: null,
      low: false,
    });
  });

  it('remind a member of PayPal money they have not claimed at 7 and 25 days, each once', async () => {
    const { t, paypal, member, headers, admin } = await payoutSite();
    paypal.state.outcome = 'UNCLAIMED';
    const id = await ask(t, headers);
    await send(t, admin, id);
    await t.ctx.payouts.idle();
    const reminders = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, member.id)))
        .filter((n) => n.key.startsWith(`withdrawal_unclaimed:${id}`))
        .map((n) => n.key.split(':').at(-1));
    expect(await reminders()).toEqual(['0']);
    t.clock.advance(7 * 86_400_000);
    expect(await t.ctx.payouts.reconcile(900)).toMatchObject({ reminded: 1 });
    expect(await t.ctx.payouts.reconcile(900)).toMatchObject({ reminded: 0 });
    t.clock.advance(18 * 86_400_000);
    expect(await t.ctx.payouts.reconcile(900)).toMatchObject({ reminded: 1 });
    expect((await reminders()).sort()).toEqual(['0', '25', '7']);
    expect((await row(t, id)).status).toBe('unclaimed');
  });

  it('send several at once, each as if alone: sent, waiting for approval, or refused with why', async () => {
    const { t, paypal, headers, admin } = await payoutSite(60, { APPROVAL_CASH_POUNDS: '25' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1_000);
      ids.push(await ask(t, headers));
    }
    const answer = await inject(t, cashApi.sendMany, {
      headers: admin,
      body: { ids: [...ids, '00000000-0000-4000-8000-000000000000'] },
    });
    // £10 and £10 alone; the third would bring what this member received today to the £25 limit.
    expect(answer.data().results.map((r) => r.outcome)).toEqual(['sent', 'sent', 'approval', 'refused']);
    expect(answer.data().results[3]!.message).toBe('Withdrawal not found');
    await t.ctx.payouts.idle();
    expect(await Promise.all(ids.map(async (id) => (await row(t, id)).status))).toEqual([
      'paid',
      'paid',
      'pending',
    ]);
    expect(paypal.batchesFor(ids[2]!)).toHaveLength(0);
  });
});
