import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { contactApi } from '../../../contract/contact';
import { transparencyApi } from '../../../contract/transparency-api';
import { wins, withdrawals } from '../../db/schema';
import { credit } from '../../lib/ledger';
import { enter } from '../prizes/test-setup';

const DAY = 86_400_000;

/** A drawn prize of `pounds` for `places` winners, its wins as given (days after the draw). */
async function drawnPrize(
  t: TestApp,
  pounds: number,
  places: { claimed?: boolean; deliveredAfter?: number; forfeited?: boolean }[],
) {
  const drawnAt = new Date(t.clock.now().getTime() - 40 * DAY);
  const prize = await createPrize(t.db, drawnAt, {
    status: 'drawn',
    valuePence: pounds * 100,
    totalWinners: places.length,
    drawnAt,
  });
  for (const [i, place] of places.entries()) {
    const user = await createUser(t.db);
    await t.db.insert(wins).values({
      prizeId: prize.id,
      userId: user.id,
      pid: `${i}`.padStart(32, '0'),
      position: i + 1,
      drawnAt,
      ...(place.claimed && { claimedAt: drawnAt, delivery: 'fulfilling' as const }),
      ...(place.deliveredAfter !== undefined && {
        delivery: 'delivered' as const,
        deliveredAt: new Date(drawnAt.getTime() + place.deliveredAfter * DAY),
      }),
      ...(place.forfeited && { forfeitedAt: drawnAt, forfeitReason: 'unclaimed' as const }),
    });
  }
  return prize;
}

describe('the transparency page’s figures', () => {
  it('are empty but whole on a new site', async () => {
    const t = await buildTestApp();
    const summary = (await inject(t, transparencyApi.summary)).data();
    expect(summary).toMatchObject({
      prizes: { drawn: 0, places: 0, advertisedPounds: 0, awardedPounds: 0, awaitingPounds: 0 },
      delivery: { count: 0, medianDays: null, worstDays: null },
      complaints: { received: 0, answered: 0, medianDaysToReply: null },
      entrySources: [],
      openPrizes: [],
    });
    expect(summary.payouts.every((p) => p.count === 0 && p.pounds === 0)).toBe(true);
  });

  it('state what was drawn, awarded, paid, answered and entered, from the records', async () => {
    const t = await buildTestApp();
    await drawnPrize(t, 500, [{ claimed: true, deliveredAfter: 3 }]);
    await drawnPrize(t, 100, [
      { claimed: true, deliveredAfter: 9.5 },
      { claimed: true },
      {},
      { forfeited: true },
    ]);
    await drawnPrize(t, 50, [{ claimed: true, deliveredAfter: 20 }]);

    const member = await createUser(t.db);
    const payout = (status: 'paid' | 'failed' | 'unclaimed', pence: number) => ({
      userId: member.id,
      amountPence: pence,
      method: 'paypal' as const,
      details: { paypalEmail: 'ann@example.com' },
      status,
      requestedAt: t.clock.now(),
    });
    await t.db
      .insert(withdrawals)
      .values([
        payout('paid', 10_00),
        payout('paid', 2_50),
        payout('failed', 5_00),
        payout('unclaimed', 1_00),
      ]);

    const owner = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    for (const subject of ['First', 'Second', 'Third'])
      await inject(t, contactApi.send, {
        body: { name: 'Ann', email: 'ann@example.com', subject, message: 'Where is my prize?' },
      });
    const inbox = (await inject(t, contactApi.inbox, { headers: owner, query: {} })).data().messages;
    const answer = async (subject: string, afterDays: number) => {
      t.clock.set(new Date(t.clock.now().getTime() + afterDays * DAY).toISOString());
      const id = inbox.find((m) => m.subject === subject)!._id;
      await inject(t, contactApi.reply, { params: { id }, headers: owner, body: { message: 'Sent today' } });
    };
    await answer('First', 1);
    await answer('Second', 2);

    for (const [reason, amount] of [
      ['task', 30],
      ['referral', 10],
      ['wheel', 10],
    ] as const)
      await credit(t.db, { userId: member.id, amount, reason, idempotencyKey: reason, at: t.clock.now() });
    const open = await createPrize(t.db, t.clock.now(), { title: 'Open one', totalWinners: 2 });
    const player = await createUser(t.db, { entries: 50 });
    await enter(t, open.id, await authHeader(t.db, player.id), { entries: 5 });

    const summary = (await inject(t, transparencyApi.summary)).data();
    expect(summary.prizes).toEqual({
      drawn: 3,
      places: 6,
      advertisedPounds: 500 + 4 * 100 + 50,
      awardedPounds: 500 + 2 * 100 + 50,
      awaitingPounds: 100,
    });
    expect(summary.delivery).toEqual({ count: 3, medianDays: 9.5, worstDays: 20 });
    expect(summary.payouts.filter((p) => p.count > 0)).toEqual([
      { status: 'paid', count: 2, pounds: 12.5 },
      { status: 'unclaimed', count: 1, pounds: 1 },
      { status: 'failed', count: 1, pounds: 5 },
    ]);
    // Answered after 1 day and after 3 (1 + 2), one not yet: the median of the answered is 2 days.
    expect(summary.complaints).toEqual({ received: 3, answered: 2, medianDaysToReply: 2 });
    // The player's 50 were a staff grant, and entering unlocked an achievement; the rest the member earned.
    const earned = Object.fromEntries(summary.entrySources.map((s) => [s.source, s.entries]));
    expect(earned).toEqual({
      tasks: 30,
      referrals: 10,
      wheel: 10,
      admin: 50,
      achievements: expect.any(Number),
    });
    const total = summary.entrySources.reduce((sum, s) => sum + s.entries, 0);
    for (const s of summary.entrySources) expect(s.share).toBeCloseTo(s.entries / total, 10);
    expect(summary.openPrizes).toEqual([
      {
        _id: open.id,
        title: 'Open one',
        entries: 5,
        winners: 2,
        closes: open.endDate.toISOString(),
        oneIn: 2.5,
      },
    ]);
    await t.ctx.log.checkpoint();
    t.ctx.publicCache.clear();
    const { checkpoint } = (await inject(t, transparencyApi.summary)).data();
    expect(checkpoint).toMatchObject({ size: expect.any(Number), note: expect.stringContaining('/log\n') });
    expect(checkpoint!.size).toBeGreaterThan(0);
  });
});
