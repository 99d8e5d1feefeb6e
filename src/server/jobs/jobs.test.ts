import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser, registration } from '../../../tests/factories';
import { buildTestApp } from '../../../tests/helpers/app';
import { inject } from '../../../tests/helpers/inject';
import { authApi } from '../../contract/auth';
import { tasksApi } from '../../contract/tasks';
import { appContext } from '../app';
import { adTickets, prizes, sessions, tasks } from '../db/schema';
import { hashToken } from '../lib/tokens';
import { CLEANUP_BATCH, runCleanup } from './cleanup';
import { bossConnection, JobQueueStatementError, startScheduler, unhandledRejections } from './scheduler';

const silent = { info() {}, error() {} } as never;

describe('scheduled jobs', () => {
  it('schedule the draw check, notices, the staff’s letter, sending and clean-up in UK time, and a queued run does the work', async () => {
    const t = await buildTestApp();
    const ctx = appContext({ config: t.config, database: t.database, clock: t.clock });
    const scheduler = await startScheduler(ctx, silent, { pollingIntervalSeconds: 0.5 });
    try {
      const schedules = await scheduler.boss.getSchedules();
      expect(schedules.map((s) => [s.name, s.cron, s.options?.tz]).sort()).toEqual([
        ['audit-head', '10 * * * *', 'Europe/London'],
        ['cleanup', '30 3 * * *', 'Europe/London'],
        ['deliver-push', '* * * * *', 'Europe/London'],
        ['dispatch-notifications', '* * * * *', 'Europe/London'],
        ['draw-check', '0 * * * *', 'Europe/London'],
        ['late-deliveries', '15 9 * * *', 'Europe/London'],
        ['log-checkpoint', '* * * * *', 'Europe/London'],
        ['notices', '*/15 * * * *', 'Europe/London'],
        ['staff-digest', '0 8 * * *', 'Europe/London'],
        ['streak-reminders', '0 18 * * *', 'Europe/London'],
        ['unclaimed-wins', '0 4 * * *', 'Europe/London'],
        ['weekly-payout', '5 0 * * 1', 'Europe/London'],
      ]);

      const ended = await createPrize(t.db, t.clock.now(), {
        endDate: new Date(t.clock.now().getTime() - 1000),
      });
      await scheduler.boss.send('draw-check', {});
      await expect
        .poll(async () => (await t.db.select().from(prizes).where(eq(prizes.id, ended.id)))[0]!.status, {
          timeout: 15_000,
        })
        .toBe('ready_to_draw');
    } finally {
      await scheduler.stop();
    }
  });

  it('clean-up deletes used and expired video tickets and keeps one still being watched', async () => {
    const t = await buildTestApp();
    const [video] = await t.db
      .insert(tasks)
      .values({
        type: 'watch_video_ad',
        platform: 'admob',
        title: 'Watch',
        entriesReward: 2,
        isRepeatable: true,
      })
      .returning();
    const user = await createUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const start = async () =>
      (await inject(t, tasksApi.start, { params: { id: video!.id }, headers })).data().ticket;
    const used = await start();
    const abandoned = await start();
    t.clock.advance(30_000);
    await inject(t, tasksApi.complete, { params: { id: video!.id }, headers, body: { ticket: used } });
    t.clock.advance(3_600_000);
    const watching = await start();

    expect(await runCleanup(t.db, t.clock)).toMatchObject({ ad_tickets: 2 });
    const left = await t.db.select().from(adTickets);
    expect(left.map((row) => row.ticketHash)).toEqual([hashToken(watching)]);
    expect(abandoned).not.toBe(watching);
  });

  it('clean-up removes expired sessions and keeps live ones', async () => {
    const t = await buildTestApp();
    await inject(t, authApi.register, { body: registration() });
    t.clock.advance(31 * 86_400_000);
    await inject(t, authApi.register, { body: registration() });
    expect(await runCleanup(t.db, t.clock)).toMatchObject({ sessions: 1 });
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });

  it('clean-up deletes a large site’s expired sessions in batches, every one of them', async () => {
    const t = await buildTestApp();
    await inject(t, authApi.register, { body: registration() });
    const expired = 2 * CLEANUP_BATCH + 17;
    await t.db.execute(sql`
      insert into sessions (token_hash, user_id, expires_at, last_used_at)
      select 'expired-' || g, (select id from users limit 1), ${t.clock.now()}::timestamptz - interval '1 day', ${t.clock.now()}
        from generate_series(1, ${expired}) g`);
    expect(await runCleanup(t.db, t.clock)).toMatchObject({ sessions: expired });
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });

  it('a job queue statement that fails reaches the process as a queue failure, logged, and any other stops it', async () => {
    const t = await buildTestApp();
    const warnings: string[] = [];
    const log = { warn: (_: unknown, message: string) => void warnings.push(message) } as never;
    const connection = bossConnection(t.database, new Set(), log);
    try {
      // As a job's completion does when the database has gone: pg-boss does not wait for that one.
      const failed = await connection.db.executeSql('select * from no_such_table', []).catch((err) => err);
      expect(failed).toBeInstanceOf(JobQueueStatementError);
      const onRejection = unhandledRejections(log);
      onRejection(failed);
      expect(warnings).toEqual(['a job queue statement failed; the job runs again when it expires']);
      const fault = new Error('a fault of our own');
      expect(() => onRejection(fault)).toThrow(fault);
    } finally {
      await connection.close();
    }
  });
});
