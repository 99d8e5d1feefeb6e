import { describe, expect, it } from 'vitest';
import {
  authHeader,
  createMemberWithCash,
  createPrize,
  createUser,
  registration,
} from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { csvLines } from '../../../../tests/helpers/csv';
import { inject } from '../../../../tests/helpers/inject';
import { type AnalyticsQuery, analyticsApi } from '../../../contract/analytics';
import { authApi } from '../../../contract/auth';
import { cashApi } from '../../../contract/cash';
import { gamificationApi } from '../../../contract/gamification';
import { membersApi } from '../../../contract/members-api';
import { prizesApi } from '../../../contract/prizes-api';
import { credit, debit } from '../../lib/ledger';

/** The figures as `query` asks; a query off the contract is sent as it is, to see it refused. */
const get = async (t: TestApp, headers: Record<string, string>, query: Record<string, string> = {}) =>
  inject(t, analyticsApi.days, { query: query as AnalyticsQuery, headers });

describe('the analytics', () => {
  it('count each UK day as it happens: sign-ups, active members, entries earned by source and spent, cash won and paid', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const signUp = async () => {
      const res = await inject(t, authApi.register, { body: registration() });
      return { id: res.json().user._id as string, headers: { authorization: `Bearer ${res.json().token}` } };
    };
    const ann = await signUp();
    const bob = await signUp();
    const prize = await createPrize(t.db, t.clock.now());
    await inject(t, prizesApi.enter, {
      params: { id: prize.id },
      headers: ann.headers,
      body: { entries: 4 },
    });
    const at = t.clock.now();
    await credit(t.db, {
      userId: bob.id,
      amount: 500,
      account: 'cash',
      reason: 'wheel',
      idempotencyKey: 'w',
      at,
    });
    // The same credit again (a retry) counts once.
    await credit(t.db, {
      userId: bob.id,
      amount: 500,
      account: 'cash',
      reason: 'wheel',
      idempotencyKey: 'w',
      at,
    });
    await credit(t.db, { userId: ann.id, amount: 30, reason: 'offer', idempotencyKey: 'o1', at });
    await debit(t.db, {
      userId: ann.id,
      amount: 30,
      reason: 'offer_reversal',
      idempotencyKey: 'o1r',
      at,
      allowNegative: true,
      reverses: at,
    });
    await credit(t.db, { userId: ann.id, amount: 12, reason: 'offer', idempotencyKey: 'o2', at });
    await inject(t, membersApi.adjust, {
      params: { id: bob.id },
      headers: admin,
      body: { account: 'entries', amount: 7, reason: 'Goodwill after an outage' },
    });
    // Cash is paid out once settled: a month-old member's, won days before.
    const carol = await createMemberWithCash(t.db, t.clock.now(), 500);
    const w = await inject(t, cashApi.requestWithdrawal, {
      headers: carol.headers,
      body: { method: 'paypal', amount: 5, paypalEmail: 'carol@example.com' },
    });
    await inject(t, cashApi.markPaid, {
      params: { id: w.data().withdrawal._id },
      headers: admin,
      body: { reference: 'PP-1' },
    });
    // After midnight UK time: tomorrow's figures.
    t.clock.set('2026-11-21T00:30:00Z');
    await inject(t, gamificationApi.updateStreak, { headers: bob.headers });

    const res = await get(t, admin, { from: '2026-11-19', to: '2026-11-21' });
    expect(res.statusCode).toBe(200);
    const [before, today, tomorrow] = res.data().days;
    expect(before).toEqual({
      day: '2026-11-19',
      signups: 0,
      activeMembers: 0,
      earned: {
        welcome: 0,
        tasks: 0,
        ads: 0,
        offers: 0,
        referrals: 0,
        streaks: 0,
        achievements: 0,
        wheel: 0,
        leaderboard: 0,
        admin: 0,
      },
      spent: 0,
      cashWon: 0,
      cashPaid: 0,
      offerRevenue: 0,
      prizeValue: 0,
    });
    expect(today).toEqual({
      day: '2026-11-20',
      signups: 2,
      // Ann and Bob, and Carol, who withdrew.
      activeMembers: 3,
      earned: {
        welcome: 20,
        tasks: 0,
        ads: 0,
        offers: 12,
        referrals: 0,
        streaks: 0,
        // first_login for both, and first_entry for Ann.
        achievements: 150,
        wheel: 0,
        leaderboard: 0,
        admin: 7,
      },
      spent: 4,
      cashWon: 5,
      cashPaid: 5,
      offerRevenue: 0,
      prizeValue: 0,
    });
    expect(tomorrow).toMatchObject({
      day: '2026-11-21',
      signups: 0,
      activeMembers: 1,
      earned: { streaks: 1 },
    });
  });

  it('count exactly when many members earn at once', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const members = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db)));
    await Promise.all(
      members.flatMap((m, i) =>
        [1, 2, 3].map((n) =>
          credit(t.db, {
            userId: m.id,
            amount: n,
            reason: 'task',
            idempotencyKey: `${i}:${n}`,
            at: t.clock.now(),
          }),
        ),
      ),
    );
    const [day] = (await get(t, admin, { from: '2026-11-20', to: '2026-11-20' })).data().days;
    expect(day).toMatchObject({ activeMembers: 20, earned: { tasks: 120 } });
  });

  it('answer the last 30 days by default, and refuse bad ranges', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const days = (await get(t, admin)).data().days;
    expect(days).toHaveLength(30);
    expect([days[0]!.day, days.at(-1)!.day]).toEqual(['2026-10-22', '2026-11-20']);
    expect((await get(t, admin, { from: '2025-11-20', to: '2026-11-20' })).data().days).toHaveLength(366);
    for (const [query, error] of [
      [{ from: '2025-11-19', to: '2026-11-20' }, /at most 366 days/],
      [{ from: '2026-11-21', to: '2026-11-20' }, /from must not be after to/],
      [{ from: '2026-02-30' }, /from must be a date/],
      [{ from: 'yesterday' }, /from must be a date/],
      [{ days: '7' }, /.+/],
      // Bounded before any day is counted: a year-0 end once looped for ever, and `from` alone long
      // ago ran to today, however far.
      [{ to: '0000-01-01' }, /to must be between 2000 and 2100/],
      [{ from: '0001-01-01' }, /from must be between 2000 and 2100/],
      [{ from: '9999-12-31', to: '9999-12-31' }, /from must be between 2000 and 2100/],
      [{ from: '2000-01-01' }, /at most 366 days/],
    ] as const) {
      const res = await get(t, admin, query);
      const asked = JSON.stringify(query);
      expect(res.statusCode, asked).toBe(400);
      expect(res.json().error, asked).toMatch(error);
    }
  });

  it('download as CSV: the same days and figures, one row a day, and the same refusals', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    await inject(t, authApi.register, { body: registration() });
    const query = { from: '2026-11-19', to: '2026-11-20' };
    const file = await inject(t, analyticsApi.csv, { query, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('analytics-2026-11-19-to-2026-11-20.csv');
    const [head, before, today] = csvLines(file);
    expect(head).toBe(
      'day,signups,active_members,earned_welcome,earned_tasks,earned_ads,earned_offers,earned_referrals,earned_streaks,earned_achievements,earned_wheel,earned_leaderboard,earned_admin,spent,cash_won,cash_paid,offer_revenue,prize_value',
    );
    expect(before).toBe('2026-11-19,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0');
    const shown = (await get(t, admin, query)).data().days[1]!;
    expect(today).toBe(
      [
        shown.day,
        shown.signups,
        shown.activeMembers,
        ...Object.values(shown.earned),
        shown.spent,
        shown.cashWon,
        shown.cashPaid,
        shown.offerRevenue,
        shown.prizeValue,
      ].join(','),
    );
    expect(shown.signups).toBe(1);
    const bad = await inject(t, analyticsApi.csv, { query: { from: 'yesterday' } as never, headers: admin });
    expect(bad.statusCode).toBe(400);
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    expect((await inject(t, analyticsApi.csv, { query, headers: member })).statusCode).toBe(403);
  });
});
