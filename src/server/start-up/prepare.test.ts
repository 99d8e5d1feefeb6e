import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registration } from '../../../tests/factories';
import { buildTestApp } from '../../../tests/helpers/app';
import { inject } from '../../../tests/helpers/inject';
import { authApi } from '../../contract/auth';
import { loadConfig } from '../config';
import { auditLog, prizes, tasks, users } from '../db/schema';
import { londonHour, londonWeekday } from '../lib/london';
import { prepareDatabase } from './prepare';

describe('prepareDatabase', () => {
  it('seeds SPEC’s six sample prizes and the starter tasks into an empty database, once', async () => {
    const t = await buildTestApp();
    const config = loadConfig({});
    expect((await prepareDatabase(t.database, config, t.clock)).seeded).toEqual({ prizes: 6, tasks: 11 });
    expect((await prepareDatabase(t.database, config, t.clock)).seeded).toEqual({ prizes: 0, tasks: 0 });

    const rows = await t.db.select().from(prizes);
    expect(rows.map((p) => [p.title, p.valuePence / 100, p.totalWinners])).toEqual([
      ['£500 Cash Prize', 500, 1],
      ['iPhone 15 Pro', 999, 1],
      ['£100 Amazon Gift Card', 100, 3],
      ['PlayStation 5', 479.99, 1],
      ['£1,000 Cash Prize', 1000, 1],
      ['AirPods Pro', 229, 2],
    ]);
    for (const p of rows) {
      expect(p).toMatchObject({ currency: 'GBP', status: 'active', drawDay: 'Friday' });
      expect(p.entryCost).toBeGreaterThanOrEqual(1);
      expect(p.entryCost).toBeLessThanOrEqual(3);
      expect(p.maxEntriesPerUser).toBeGreaterThanOrEqual(50);
      expect(p.maxEntriesPerUser).toBeLessThanOrEqual(150);
      expect(p.endDate.getTime()).toBeGreaterThan(t.clock.now().getTime());
      // Closing when the weekly draw runs: Friday, 8 PM UK time.
      expect([londonWeekday(p.endDate), londonHour(p.endDate)]).toEqual(['Friday', 20]);
      expect(p.commitment).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(rows.some((p) => p.featured)).toBe(true);
    expect((await t.db.select().from(tasks)).length).toBe(11);
  });

  it('seeds nothing when SAMPLE_DATA is off', async () => {
    const t = await buildTestApp();
    await prepareDatabase(t.database, loadConfig({ SAMPLE_DATA: 'false' }), t.clock);
    expect(await t.db.select().from(prizes)).toEqual([]);
  });

  it('puts the four-eyes thresholds in the audit chain when they first run, and again only when they change', async () => {
    const t = await buildTestApp();
    const start = (env: Record<string, string>) =>
      prepareDatabase(t.database, loadConfig({ SAMPLE_DATA: 'false', ...env }), t.clock);
    await start({});
    await start({});
    await start({ APPROVAL_CASH_POUNDS: '50' });
    await start({ APPROVAL_CASH_POUNDS: '50' });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.approval_thresholds'))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.actorId, r.summary, r.changes])).toEqual([
      [
        null,
        'Corrections and payments wait for a second member of staff from £20.00 or 1,000 entries a day, as APPROVAL_CASH_POUNDS and APPROVAL_ENTRIES set',
        { after: { cash: 20, entries: 1000 } },
      ],
      [
        null,
        'Corrections and payments wait for a second member of staff from £50.00 or 1,000 entries a day, as APPROVAL_CASH_POUNDS and APPROVAL_ENTRIES set',
        { before: { cash: 20, entries: 1000 }, after: { cash: 50, entries: 1000 } },
      ],
    ]);
  });

  it('creates the configured admin, who can sign in with ADMIN_PASSWORD', async () => {
    const t = await buildTestApp();
    expect(await t.db.select().from(users).where(isNotNull(users.staffRole))).toEqual([]);
    const admin = loadConfig({
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'boss password',
      SAMPLE_DATA: 'false',
    });
    expect((await prepareDatabase(t.database, admin, t.clock)).admin).toEqual({ created: true });
    const login = await inject(t, authApi.login, {
      body: { email: 'boss@example.com', password: 'boss password' },
    });
    expect(login.json().user).toMatchObject({ isAdmin: true, role: 'owner' });
    // Starting again changes nothing and keeps the admin's sessions.
    await prepareDatabase(t.database, admin, t.clock);
    const me = await inject(t, authApi.me, { headers: { authorization: `Bearer ${login.json().token}` } });
    expect(me.statusCode).toBe(200);
    // Made owner once, by the site, in the audit chain like any role change.
    const grants = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.role'));
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({
      actorId: null,
      summary: 'Admin is now owner, as ADMIN_EMAIL names them',
    });
  });

  it('takes over an account someone registered with the admin email: new password, old sessions ended', async () => {
    const t = await buildTestApp();
    const body = registration();
    const squatter = (await inject(t, authApi.register, { body })).json();
    const config = loadConfig({
      ADMIN_EMAIL: body.email,
      ADMIN_PASSWORD: 'the real admin',
      SAMPLE_DATA: 'false',
    });
    expect((await prepareDatabase(t.database, config, t.clock)).admin).toEqual({ created: false });

    const old = await inject(t, authApi.me, { headers: { authorization: `Bearer ${squatter.token}` } });
    expect(old.statusCode).toBe(401);
    const login = (password: string) => inject(t, authApi.login, { body: { email: body.email, password } });
    expect((await login(body.password)).statusCode).toBe(401);
    const admin = await login('the real admin');
    expect(admin.json().user.isAdmin).toBe(true);
    const [grant] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.role'));
    expect(grant).toMatchObject({
      targetId: squatter.user._id,
      changes: { before: { role: null }, after: { role: 'owner' } },
    });
    const [reset] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.two_factor_reset'));
    expect(reset).toMatchObject({ targetId: squatter.user._id, actorId: null });
  });

  it('ends the sessions of a member it makes owner, even one whose password is ADMIN_PASSWORD already', async () => {
    const t = await buildTestApp();
    const body = registration({ password: 'the real admin' });
    const member = (await inject(t, authApi.register, { body })).json();
    const config = loadConfig({
      ADMIN_EMAIL: body.email,
      ADMIN_PASSWORD: body.password,
      SAMPLE_DATA: 'false',
    });
    await prepareDatabase(t.database, config, t.clock);
    const old = await inject(t, authApi.me, { headers: { authorization: `Bearer ${member.token}` } });
    expect(old.statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user._id));
    expect(row!.staffRole).toBe('owner');
  });
});
