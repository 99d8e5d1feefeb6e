import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { prizesApi } from '../../../contract/prizes-api';
import { wellbeingApi } from '../../../contract/wellbeing';
import { notifications } from '../../db/schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function setUp(env: Record<string, string> = {}) {
  const t = await buildTestApp({ env: { PLAY_DAYS_IN_A_ROW: '3', ...env } });
  // 20 November 2026, noon in the UK (GMT).
  t.clock.set('2026-11-20T12:00:00Z');
  const staff = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
  const member = await createUser(t.db, { entries: 1000 });
  const prize = await createPrize(t.db, t.clock.now(), {
    endDate: new Date(t.clock.now().getTime() + 30 * DAY),
  });
  const enter = async () => {
    const res = await inject(t, prizesApi.enter, {
      params: { id: prize.id },
      headers: await authHeader(t.db, member.id, { at: t.clock.now() }),
      body: { entries: 1 },
    });
    expect(res.statusCode).toBe(200);
  };
  const signals = async () =>
    (await inject(t, wellbeingApi.list, { headers: staff, query: {} })).data().signals;
  const reminders = async (tt: TestApp = t) =>
    (await tt.db.select().from(notifications).where(eq(notifications.userId, member.id))).filter(
      (n) => n.type === 'wellbeing',
    );
  return { t, staff, member, enter, signals, reminders };
}

describe('wellbeing signals', () => {
  it('are raised once a member plays more days in a row than PLAY_DAYS_IN_A_ROW, once per run', async () => {
    const { t, member, enter, signals, reminders } = await setUp();
    for (let day = 0; day < 3; day++) {
      await enter();
      await enter();
      t.clock.advance(DAY);
    }
    expect(await signals()).toEqual([]);
    await enter();
    expect(await signals()).toEqual([
      expect.objectContaining({
        member: expect.objectContaining({ _id: member.id }),
        kind: 'days_in_a_row',
        since: '2026-11-20',
      }),
    ]);
    expect((await reminders()).map((n) => [n.title, n.link])).toEqual([
      ['You have played every day for a while', '/account#self-exclusion'],
    ]);
    // The same run goes on: nothing new. A day off starts a new run, counted afresh.
    t.clock.advance(DAY);
    await enter();
    expect(await signals()).toHaveLength(1);
    t.clock.advance(2 * DAY);
    for (let day = 0; day < 4; day++) {
      await enter();
      t.clock.advance(DAY);
    }
    expect((await signals()).map((s) => s.since)).toEqual(['2026-11-26', '2026-11-20']);
  });

  it('are raised by play in most hours of one night, not by a late evening', async () => {
    const { t, enter, signals, reminders } = await setUp();
    t.clock.set('2026-11-20T22:30:00Z');
    await enter();
    t.clock.set('2026-11-21T00:10:00Z');
    await enter();
    await enter();
    t.clock.set('2026-11-21T01:40:00Z');
    await enter();
    t.clock.set('2026-11-21T03:05:00Z');
    await enter();
    expect(await signals()).toEqual([]);
    t.clock.set('2026-11-21T05:55:00Z');
    await enter();
    expect(await signals()).toEqual([expect.objectContaining({ kind: 'night', since: '2026-11-21' })]);
    expect((await reminders()).map((n) => n.title)).toEqual(['Playing through the night?']);
    // Staff only: a member is refused.
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    expect((await inject(t, wellbeingApi.list, { headers: member, query: {} })).statusCode).toBe(403);
  });
});
