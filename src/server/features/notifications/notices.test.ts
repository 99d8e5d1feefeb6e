import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser, seasonAccount } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { offerWallEnv, postback, signedPostback } from '../../../../tests/helpers/offers';
import { closedPrize, draw, FRIDAY_EVENING, HOUR } from '../../../../tests/helpers/prizes';
import { cashApi } from '../../../contract/cash';
import { membersApi } from '../../../contract/members-api';
import { prizesApi } from '../../../contract/prizes-api';
import { streaks } from '../../db/schema';
import { noticeDrawResults, noticePrizesClosing, noticeStreaksAtRisk } from './scheduled-notices';
import { listOf, typesOf } from './test-setup';

describe('notifications', () => {
  it('tell a member once of each offer credit and reversal, correction and withdrawal, however often each is replayed', async () => {
    const t = await buildTestApp({ env: offerWallEnv });
    const member = await createUser(t.db);
    const headers = await authHeader(t.db, member.id);
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);

    const credited = signedPostback({
      user_id: member.id,
      transaction_id: 'tx-7',
      amount: '40',
      status: '1',
    });
    const reversed = signedPostback({
      user_id: member.id,
      transaction_id: 'tx-7',
      amount: '40',
      status: '2',
    });
    for (const params of [credited, credited, reversed, reversed])
      expect((await postback(t, params)).statusCode).toBe(200);

    const adjust = () =>
      inject(t, membersApi.adjust, {
        params: { id: member.id },
        headers: { ...admin, 'idempotency-key': 'goodwill-1' },
        body: { account: 'entries', amount: 15, reason: 'Goodwill for a late credit' },
      });
    expect((await adjust()).statusCode).toBe(200);
    expect((await adjust()).statusCode).toBe(200);

    await seasonAccount(t.db, member.id, t.clock.now(), 1500);
    const ask = () =>
      inject(t, cashApi.requestWithdrawal, {
        headers,
        body: { method: 'paypal', amount: 5, paypalEmail: 'ann@example.com' },
      });
    const first = (await ask()).data().withdrawal._id;
    const second = (await ask()).data().withdrawal._id;
    const settle = (id: string, outcome: 'paid' | 'reject') =>
      outcome === 'paid'
        ? inject(t, cashApi.markPaid, { params: { id }, headers: admin, body: { reference: 'PP-1' } })
        : inject(t, cashApi.reject, { params: { id }, headers: admin });
    expect((await settle(first, 'paid')).statusCode).toBe(200);
    expect((await settle(first, 'paid')).statusCode).toBe(409);
    expect((await settle(second, 'reject')).statusCode).toBe(200);

    const { notifications: list, unread } = await listOf(t, headers);
    expect(list.map((n: { type: string }) => n.type).sort()).toEqual([
      'adjustment',
      'offer_credited',
      'offer_reversed',
      'withdrawal_paid',
      'withdrawal_rejected',
    ]);
    expect(unread).toBe(5);
    const byType = Object.fromEntries(list.map((n) => [n.type, n]));
    expect(byType.offer_credited).toMatchObject({
      title: '+40 entries from an offer',
      body: 'An offer you completed has been credited: 40 entries added to your balance.',
      link: '/tasks',
      readAt: null,
    });
    expect(byType.offer_reversed?.title).toBe('−40 entries: an offer was reversed');
    expect(byType.adjustment).toMatchObject({
      title: 'Your entries were corrected: +15',
      body: 'Reason: Goodwill for a late credit',
    });
    expect(byType.withdrawal_paid?.title).toBe('Your £5.00 withdrawal has been paid');
    expect(byType.withdrawal_rejected?.body).toBe(
      'The £5.00 is back in your cash balance. If you have a question, contact us.',
    );
  });

  it('tell entrants of an achievement, a prize closing, their win or the result, and a streak at risk, each once', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    // Four people enter (each unlocking "In the draw"); two win.
    const { prize, people, admin } = await closedPrize(t, { people: 4, totalWinners: 2 });
    const won = (await draw(t, prize.id, admin)).json().winners.map((w: { _id: string }) => w._id);
    expect(await noticeDrawResults(t.db, t.clock)).toBe(2);
    expect(await noticeDrawResults(t.db, t.clock)).toBe(0);
    for (const person of people) {
      const types: string[] = await typesOf(t, await authHeader(t.db, person.id));
      // A win also unlocks "Winner!" (and its reward may lift the level into another).
      expect([...new Set(types)]).toEqual(
        won.includes(person.id) ? ['achievement', 'win'] : ['achievement', 'draw_result'],
      );
      expect(types.filter((type) => type !== 'achievement')).toHaveLength(1);
    }
    const winner = await listOf(t, await authHeader(t.db, won[0]));
    expect(winner.notifications.find((n: { type: string }) => n.type === 'win')).toMatchObject({
      title: `You won ${prize.title}!`,
      link: '/wins',
    });

    // A prize closing in 23 hours is told to its entrants once; one closing in two days is not yet.
    const soon = await createPrize(t.db, t.clock.now(), {
      endDate: new Date(t.clock.now().getTime() + 23 * HOUR),
    });
    const later = await createPrize(t.db, t.clock.now(), {
      endDate: new Date(t.clock.now().getTime() + 48 * HOUR),
    });
    const ann = await createUser(t.db, { entries: 10 });
    const annHeaders = await authHeader(t.db, ann.id);
    for (const p of [soon, later])
      await inject(t, prizesApi.enter, { params: { id: p.id }, headers: annHeaders, body: { entries: 3 } });
    expect(await noticePrizesClosing(t.db, t.clock)).toBe(1);
    expect(await noticePrizesClosing(t.db, t.clock)).toBe(0);
    const closing = (await listOf(t, annHeaders)).notifications.find(
      (n: { type: string }) => n.type === 'prize_closing',
    );
    expect(closing).toMatchObject({
      title: `${soon.title} closes soon`,
      body: 'Entries close at 19:30 on 28 November. You hold 3 entries.',
      link: `/prizes/${soon.id}`,
    });

    // Streaks of 3 days or more last kept yesterday, from 18:00 UK time, once a day.
    const bob = await createUser(t.db);
    const cat = await createUser(t.db);
    await t.db.insert(streaks).values([
      { userId: bob.id, current: 5, longest: 5, lastDay: '2026-11-27' },
      { userId: cat.id, current: 2, longest: 2, lastDay: '2026-11-27' },
      { userId: ann.id, current: 9, longest: 9, lastDay: '2026-11-28' },
    ]);
    t.clock.set('2026-11-28T17:59:00Z');
    expect(await noticeStreaksAtRisk(t.db, t.clock)).toBe(0);
    t.clock.set('2026-11-28T18:00:00Z');
    expect(await noticeStreaksAtRisk(t.db, t.clock)).toBe(1);
    t.clock.set('2026-11-28T21:00:00Z');
    expect(await noticeStreaksAtRisk(t.db, t.clock)).toBe(0);
    expect((await listOf(t, await authHeader(t.db, bob.id))).notifications).toEqual([
      expect.objectContaining({ type: 'streak_at_risk', title: 'Keep your 5-day streak going' }),
    ]);
  });
});
