import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { startPayPalStandIn } from '../../../../tests/support/paypal-stand-in';
import { cashApi } from '../../../contract/cash';
import type { PrizeType } from '../../../contract/prizes';
import { type ClaimBody, winsApi } from '../../../contract/wins';
import { notifications, users, wins, withdrawals } from '../../db/schema';
import { leavesOfKind } from '../transparency/log';
import { alertLateDeliveries } from './delivery';

const DAY = 86_400_000;
const who = { fullName: 'Ann Smith', county: 'West Yorkshire', dateOfBirth: '1990-05-01' };

async function site() {
  const paypal = await startPayPalStandIn();
  onTestFinished(() => paypal.close());
  const t = await buildTestApp({ env: { ...paypal.env, APPROVAL_CASH_POUNDS: '1000' } });
  const owner = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
  return { t, paypal, owner };
}

async function win(t: TestApp, type: PrizeType, title: string, valuePence = 10_000) {
  const prize = await createPrize(t.db, t.clock.now(), { title, type, status: 'drawn', valuePence });
  const me = await createUser(t.db, { verified: true });
  await t.db
    .insert(wins)
    .values({ prizeId: prize.id, userId: me.id, pid: 'f00d'.repeat(8), position: 1, drawnAt: t.clock.now() });
  return { prize, me, headers: await authHeader(t.db, me.id) };
}

const claim = (t: TestApp, prizeId: string, headers: Record<string, string>, body: object) =>
  inject(t, winsApi.claim, { params: { prizeId }, headers, body: body as ClaimBody });

const myWin = async (t: TestApp, headers: Record<string, string>) =>
  (await inject(t, winsApi.mine, { headers })).data().wins[0]!;

describe('prizes delivered', () => {
  it('pay a claimed cash prize through PayPal as a payout, nothing taken from the cash balance, and show it delivered', async () => {
    const { t, paypal, owner } = await site();
    const { prize, me, headers } = await win(t, 'cash', '£100 cash');
    const before = (await t.db.select().from(users).where(eq(users.id, me.id)))[0]!.cashPence;
    expect(
      (
        await claim(t, prize.id, headers, {
          ...who,
          payout: { method: 'paypal', paypalEmail: 'ann@example.com' },
        })
      ).statusCode,
    ).toBe(200);
    const [payout] = await t.db.select().from(withdrawals).where(eq(withdrawals.prizeId, prize.id));
    expect(payout).toMatchObject({ userId: me.id, amountPence: 10_000, status: 'pending', method: 'paypal' });
    expect((await myWin(t, headers)).delivery?.status).toBe('fulfilling');
    // A cash prize is not posted.
    const posted = await inject(t, winsApi.dispatch, {
      params: { prizeId: prize.id, userId: me.id },
      headers: owner,
      body: { carrier: 'Royal Mail', tracking: 'RM1' },
    });
    expect(posted.statusCode).toBe(409);

    expect(
      (await inject(t, cashApi.send, { params: { id: payout!.id }, headers: owner, body: {} })).statusCode,
    ).toBe(200);
    await t.ctx.payouts.idle();
    expect(paypal.batchesFor(payout!.id)[0]!.items[0]!.payout_item.amount).toEqual({
      value: '100.00',
      currency: 'GBP',
    });
    expect((await myWin(t, headers)).delivery).toMatchObject({
      status: 'delivered',
      deliveredAt: t.clock.now().toISOString(),
    });
    const mine = (await inject(t, cashApi.withdrawals, { headers })).data().withdrawals;
    expect(mine).toEqual([expect.objectContaining({ prizeId: prize.id, status: 'paid' })]);
    expect((await t.db.select().from(users).where(eq(users.id, me.id)))[0]!.cashPence).toBe(before);
  });

  it('post a prize: dispatched with carrier and tracking, then delivered, each once, the winner told', async () => {
    const { t, owner } = await site();
    const { prize, me, headers } = await win(t, 'physical', 'Bike');
    const params = { prizeId: prize.id, userId: me.id };
    const dispatch = (body: object, as = owner) =>
      inject(t, winsApi.dispatch, {
        params,
        headers: as,
        body: body as { carrier: string; tracking: string },
      });
    const delivered = () => inject(t, winsApi.delivered, { params, headers: owner });
    // Not before it is claimed.
    expect((await dispatch({ carrier: 'Royal Mail', tracking: 'RM1' })).statusCode).toBe(409);
    await claim(t, prize.id, headers, { ...who, address: '1 High Street', postcode: 'LS1 4AP' });
    expect((await delivered()).statusCode).toBe(409);
    for (const bad of [
      {},
      { carrier: '', tracking: 'RM1' },
      { carrier: 'Royal Mail', tracking: 'RM1', extra: 1 },
    ])
      expect((await dispatch(bad)).statusCode).toBe(400);
    expect((await dispatch({ carrier: 'Royal Mail', tracking: 'RM1' }, headers)).statusCode).toBe(403);
    expect((await dispatch({ carrier: 'Royal Mail', tracking: 'RM123456785GB' })).statusCode).toBe(200);
    expect((await dispatch({ carrier: 'DPD', tracking: 'X' })).statusCode).toBe(409);
    expect((await myWin(t, headers)).delivery).toMatchObject({
      status: 'dispatched',
      carrier: 'Royal Mail',
      tracking: 'RM123456785GB',
    });
    t.clock.advance(2 * DAY);
    expect((await delivered()).statusCode).toBe(200);
    expect((await delivered()).statusCode).toBe(409);
    expect((await myWin(t, headers)).delivery?.status).toBe('delivered');
    expect(await leavesOfKind(t.db, 'delivery')).toEqual([
      {
        type: 'delivery',
        prize: prize.id,
        winner: 'f00d'.repeat(8),
        days: expect.any(Number),
        at: expect.any(String),
      },
    ]);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, me.id));
    expect(told.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Bike is on its way', 'Bike has been delivered']),
    );
    expect(told.find((n) => n.title === 'Bike is on its way')!.body).toBe(
      'We sent it by Royal Mail: the tracking number is RM123456785GB.',
    );
    const listed = (await inject(t, winsApi.adminList, { headers: owner })).data().winners[0]!;
    expect(listed).toMatchObject({ prizeType: 'physical', delivery: { status: 'delivered' } });
  });

  it('tell staff once of a claimed prize not delivered 25 days after its claim', async () => {
    const { t, owner } = await site();
    const late = await win(t, 'physical', 'Late bike');
    const onTime = await win(t, 'physical', 'Quick bike');
    for (const w of [late, onTime])
      await claim(t, w.prize.id, w.headers, { ...who, address: '1 High Street', postcode: 'LS1 4AP' });
    await inject(t, winsApi.dispatch, {
      params: { prizeId: onTime.prize.id, userId: onTime.me.id },
      headers: owner,
      body: { carrier: 'DPD', tracking: 'D1' },
    });
    await inject(t, winsApi.delivered, {
      params: { prizeId: onTime.prize.id, userId: onTime.me.id },
      headers: owner,
    });
    t.clock.advance(24 * DAY);
    expect(await alertLateDeliveries(t.db, t.clock)).toEqual({ late: 0, told: 0 });
    t.clock.advance(DAY);
    expect(await alertLateDeliveries(t.db, t.clock)).toEqual({ late: 1, told: 1 });
    expect(await alertLateDeliveries(t.db, t.clock)).toEqual({ late: 1, told: 0 });
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.type, 'staff_delivery'));
    expect(notice!.title).toBe(`Late bike for ${late.me.username} is not delivered yet`);
  });
});
