import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject, rawInject } from '../../../../tests/helpers/inject';
import { startTremendousStandIn } from '../../../../tests/support/tremendous-stand-in';
import { payoutsApi } from '../../../contract/payouts';
import { type ClaimBody, winsApi } from '../../../contract/wins';
import { notifications, users, wins, withdrawals } from '../../db/schema';
import { sendApproved } from './sending';

const who = {
  fullName: 'Ann Smith',
  county: 'West Yorkshire',
  dateOfBirth: '1990-05-01',
  address: '1 High Street',
  postcode: 'LS1 4AP',
};

/** A site sending gift cards through a fresh Tremendous stand-in, and a member who won a £50 gift card. */
async function giftCardWin() {
  const tremendous = await startTremendousStandIn();
  onTestFinished(() => tremendous.close());
  const t = await buildTestApp({ env: { ...tremendous.env, PAYOUT_LOW_BALANCE_POUNDS: '100' } });
  const prize = await createPrize(t.db, t.clock.now(), {
    title: '£50 gift card',
    type: 'giftcard',
    status: 'drawn',
    valuePence: 50_00,
  });
  const me = await createUser(t.db, { verified: true });
  await t.db
    .insert(wins)
    .values({ prizeId: prize.id, userId: me.id, pid: 'f00d', position: 1, drawnAt: t.clock.now() });
  const headers = await authHeader(t.db, me.id);
  const claim = () =>
    inject(t, winsApi.claim, { params: { prizeId: prize.id }, headers, body: who as ClaimBody });
  return { t, tremendous, prize, me, headers, claim };
}

const payoutOf = async (t: TestApp, prizeId: string) =>
  (await t.db.select().from(withdrawals).where(eq(withdrawals.prizeId, prizeId)))[0]!;

const deliver = (t: TestApp, event: { body: string; headers: Record<string, string> }) =>
  rawInject(t, payoutsApi.tremendousWebhook, { headers: event.headers, payload: event.body });

describe('gift-card prizes through Tremendous', () => {
  it('send a claimed gift card at once, once, to the winner’s address, and show it delivered', async () => {
    const { t, tremendous, prize, me, headers, claim } = await giftCardWin();
    const claimed = await claim();
    expect(claimed.statusCode, claimed.body).toBe(200);
    await t.ctx.payouts.idle();
    const payout = await payoutOf(t, prize.id);
    expect(payout).toMatchObject({
      status: 'paid',
      provider: 'tremendous',
      method: 'giftcard',
      amountPence: 50_00,
    });
    const [order] = tremendous.ordersFor(payout.id);
    expect(order!.rewards[0]).toMatchObject({
      value: { denomination: 50, currency_code: 'GBP' },
      recipient: { name: 'Ann Smith', email: me.email },
    });
    expect(payout.providerRef).toBe(order!.id);
    expect((await inject(t, winsApi.mine, { headers })).data().wins[0]!.delivery?.status).toBe('delivered');
    // Nothing came out of, or went into, the cash balance.
    expect((await t.db.select().from(users).where(eq(users.id, me.id)))[0]!.cashPence).toBe(me.cashPence);
  });

  it('pay once when Tremendous made the order but its answer was lost, and settle by a verified webhook only', async () => {
    const { t, tremendous, prize, claim } = await giftCardWin();
    tremendous.state.delivery = 'PENDING';
    tremendous.state.failures.push('after');
    await claim();
    await t.ctx.payouts.idle();
    const id = (await payoutOf(t, prize.id)).id;
    expect((await payoutOf(t, prize.id)).status).toBe('approved');
    // Sent again once its wait is over, with the same external_id: Tremendous answers the first order.
    t.clock.advance(10 * 60_000);
    expect(await sendApproved(t.ctx.payouts.sending)).toEqual({ sent: 1, waiting: 0, failed: 0 });
    expect(tremendous.ordersFor(id)).toHaveLength(1);
    expect((await payoutOf(t, prize.id)).status).toBe('submitted');

    tremendous.setDelivery(id, 'SUCCEEDED');
    const forged = tremendous.webhook(id, 'REWARDS.DELIVERY.SUCCEEDED', { forged: true });
    expect((await deliver(t, forged)).statusCode).toBe(400);
    expect(
      (await deliver(t, { ...forged, headers: { 'content-type': 'application/json' } })).statusCode,
    ).toBe(400);
    expect((await payoutOf(t, prize.id)).status).toBe('submitted');
    const genuine = tremendous.webhook(id, 'REWARDS.DELIVERY.SUCCEEDED');
    expect((await deliver(t, genuine)).statusCode).toBe(200);
    expect((await deliver(t, genuine)).statusCode).toBe(200);
    expect((await payoutOf(t, prize.id)).status).toBe('paid');
  });

  it('say in Settings what Tremendous holds, and tell staff once a day when it is low', async () => {
    const { t, tremendous } = await giftCardWin();
    const owner = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    // Told to every member of staff who pays out: here, the one owner.
    const providers = async () =>
      (await inject(t, payoutsApi.providers, { headers: owner })).data().providers;
    expect((await providers())[1]).toMatchObject({ name: 'tremendous', on: true, balance: 500, low: false });
    tremendous.state.balanceCents = 80_00;
    expect((await providers())[1]).toMatchObject({ balance: 80, low: true });
    expect(await t.ctx.payouts.reconcile(900)).toMatchObject({ lowBalances: 1 });
    await t.ctx.payouts.reconcile(900);
    const told = await t.db.select().from(notifications).where(eq(notifications.type, 'staff_withdrawal'));
    expect(told.filter((n) => n.key.startsWith('staff_low_balance:tremendous:')).map((n) => n.title)).toEqual(
      ['The Tremendous balance is low: £80.00'],
    );
  });
});
