import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { cashApi } from '../../../contract/cash';
import { gamificationApi } from '../../../contract/gamification';
import { usersApi } from '../../../contract/users';
import { auditLog, leaderboardPayouts, users } from '../../db/schema';
import { payWeeklyPrizes } from './leaderboard';
import { earn } from './test-setup';

describe('the weekly leaderboard prizes', () => {
  it('pay last week’s top 10 £20, £15, £10 and £5 each to 4th–10th, once, even when run twice at once', async () => {
    const t = await buildTestApp();
    const people = [];
    for (let i = 0; i < 12; i++) people.push(await createUser(t.db));
    // Week of Monday 16 November: person i earns 100 − i, so person 0 is first.
    for (const [i, p] of people.entries()) await earn(t, p.id, 100 - i, '2026-11-18T12:00:00Z');
    // This week's entries do not count for last week's prizes.
    await earn(t, people[11]!.id, 1000, '2026-11-23T00:01:00Z');

    t.clock.set('2026-11-23T00:05:00Z'); // Monday 00:05 in London
    const runs = await Promise.all([payWeeklyPrizes(t.db, t.clock), payWeeklyPrizes(t.db, t.clock)]);
    expect(runs.map((r) => r.paid).sort()).toEqual([0, 10]);
    // An admin may run it again by hand: for admins only, and it pays nobody twice.
    const trigger = (headers: Record<string, string>) =>
      inject(t, gamificationApi.triggerWeeklyPayout, { headers });
    expect((await trigger({})).statusCode).toBe(401);
    expect((await trigger(await authHeader(t.db, people[0]!.id))).statusCode).toBe(403);
    const adminUser = await createUser(t.db, { role: 'owner' });
    const admin = await authHeader(t.db, adminUser.id, { at: t.clock.now() });
    expect((await trigger(admin)).data().message).toBe(
      'Weekly payout complete: 0 paid for the week from 2026-11-16',
    );
    // The admin's run is in the audit log under their name; the scheduled runs under none.
    const audit = await t.db
      .select({ actorId: auditLog.actorId, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.action, 'payouts.weekly'))
      .orderBy(auditLog.id);
    const week = 'Paid the weekly leaderboard prizes for the week from 2026-11-16';
    expect(
      audit
        .slice(0, 2)
        .map((a) => [a.actorId, a.summary])
        .sort(),
    ).toEqual([
      [null, `${week}: 0 paid`],
      [null, `${week}: 10 paid`],
    ]);
    expect(audit[2]).toEqual({ actorId: adminUser.id, summary: `${week}: 0 paid` });

    const cash = await Promise.all(
      people.map(async (p) => (await t.db.select().from(users).where(eq(users.id, p.id)))[0]!.cashPence),
    );
    expect(cash).toEqual([2000, 1500, 1000, 500, 500, 500, 500, 500, 500, 500, 0, 0]);
    const payouts = await t.db.select().from(leaderboardPayouts).orderBy(leaderboardPayouts.rank);
    expect(payouts.map((p) => [p.weekStart, p.rank, p.entries])).toEqual(
      Array.from({ length: 10 }, (_, i) => ['2026-11-16', i + 1, 100 - i]),
    );

    const headers = await authHeader(t.db, people[0]!.id);
    expect((await inject(t, cashApi.cash, { headers })).data()).toMatchObject({ cash: 20 });
    const history = (await inject(t, usersApi.history, { headers, query: { account: 'cash' } })).data();
    expect(history.entries).toMatchObject([{ amount: 20, reason: 'leaderboard_prize' }]);
  });

  it('is scheduled for Monday 00:05 UK time and pays nobody for an empty week', async () => {
    const t = await buildTestApp();
    t.clock.set('2026-11-23T00:05:00Z');
    expect(await payWeeklyPrizes(t.db, t.clock)).toEqual({ weekStart: '2026-11-16', paid: 0 });
  });
});
