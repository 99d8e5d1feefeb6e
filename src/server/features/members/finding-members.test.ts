import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { adminApi } from '../../../contract/admin';
import { auditApi } from '../../../contract/audit';
import { authApi } from '../../../contract/auth';
import { cashApi } from '../../../contract/cash';
import { contactApi } from '../../../contract/contact';
import { membersApi } from '../../../contract/members-api';
import { prizesApi } from '../../../contract/prizes-api';
import { referralHoldsApi } from '../../../contract/referral-holds';
import { riskApi } from '../../../contract/risk';
import { tasksApi } from '../../../contract/tasks';
import { winsApi } from '../../../contract/wins';
import { memberRisk, users } from '../../db/schema';
import { type Headers, withAdmin } from './test-setup';

const find = (t: TestApp, query: object, headers: Headers) =>
  inject(t, membersApi.search, { query: query as never, headers });

describe('finding members', () => {
  it('pages every admin list by limit (1 to 200, 50 unless asked) beside its cursor', async () => {
    const t = await buildTestApp();
    const { headers } = await withAdmin(t);
    for (let i = 0; i < 3; i++) await createUser(t.db, { username: `Paged ${i}` });
    const first = (await find(t, { limit: 2 }, headers)).json();
    expect(first.users).toHaveLength(2);
    const rest = (await find(t, { limit: 2, cursor: first.nextCursor }, headers)).json();
    expect(rest.users.map((u: { _id: string }) => u._id)).not.toContain(first.users[0]._id);
    for (const bad of ['0', '201', '1.5', 'ten'])
      expect((await find(t, { limit: bad }, headers)).statusCode, bad).toBe(400);
    for (const list of [
      membersApi.search,
      auditApi.list,
      adminApi.outbox,
      riskApi.review,
      referralHoldsApi.list,
      tasksApi.adminList,
      prizesApi.adminList,
      prizesApi.readyToDraw,
      winsApi.adminList,
      cashApi.adminWithdrawals,
      contactApi.inbox,
    ]) {
      // Each list's own query, typed apart: the limit is what they share.
      const res = await inject(t, list, { query: { limit: 1 }, headers } as never);
      expect([list.path, res.statusCode]).toEqual([list.path, 200]);
      expect((await inject(t, list, { query: { limit: 500 }, headers } as never)).statusCode).toBe(400);
    }
  });

  it('finds by any part of the email or username in any case, an exact id or a referral code, newest first', async () => {
    const t = await buildTestApp();
    const { headers } = await withAdmin(t);
    const ann = await createUser(t.db, { username: 'Ann Smith' });
    await t.db.update(users).set({ createdAt: t.clock.now() }).where(eq(users.id, ann.id));
    t.clock.advance(1000);
    const register = await inject(t, authApi.register, {
      body: registration({ username: 'annie', email: 'Annie.B@Example.org' }),
    });
    const annie = register.json().user;
    const search = async (q: string) => (await find(t, { q }, headers)).data().users.map((u) => u._id);

    expect(await search('ANN')).toEqual([annie._id, ann.id]);
    expect(await search('annie.b@')).toEqual([annie._id]);
    // The address up to its @: a shorter prefix is shared by any account made in the same few milliseconds.
    expect(await search(ann.email.split('@')[0]!.toUpperCase())).toEqual([ann.id]);
    expect(await search(ann.id)).toEqual([ann.id]);
    expect(await search(ann.referralCode.toLowerCase())).toEqual([ann.id]);
    // LIKE's wildcards are searched for as they are.
    expect(await search('%')).toEqual([]);
    expect(await search('a_n')).toEqual([]);

    const [first] = (await find(t, { q: 'annie' }, headers)).data().users;
    expect(first).toEqual({
      _id: annie._id,
      username: 'annie',
      email: 'annie.b@example.org',
      createdAt: t.clock.now().toISOString(),
      // The welcome bonus and first_login's reward.
      availableEntries: 60,
      totalEntries: 60,
      cash: 0,
      emailVerified: false,
      status: 'active',
      risk: { score: 0, signals: [] },
    });
  });

  it('pages with a cursor, and refuses a cursor it did not make', async () => {
    const t = await buildTestApp();
    const { headers } = await withAdmin(t);
    for (let i = 0; i < 60; i++) {
      t.clock.advance(1000);
      await createUser(t.db, { username: `Pager ${i}` });
    }
    const first = (await find(t, { q: 'pager' }, headers)).json();
    expect(first.users).toHaveLength(50);
    const second = (await find(t, { q: 'pager', cursor: first.nextCursor }, headers)).json();
    expect(second.users).toHaveLength(10);
    expect(second.nextCursor).toBeNull();
    const names = [...first.users, ...second.users].map((u: { username: string }) => u.username);
    expect(new Set(names).size).toBe(60);

    for (const cursor of [
      'nonsense',
      Buffer.from('["yesterday","x"]').toString('base64url'),
      'a'.repeat(400),
      '%00',
    ]) {
      const res = await find(t, { cursor }, headers);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error).toMatch(/^That page link is not valid/);
    }
  });

  it('finds any part of a name or address, a whole domain, and narrows by status, held cashouts and risk', async () => {
    const t = await buildTestApp();
    const { headers } = await withAdmin(t);
    const make = async (username: string, email: string, set: Partial<typeof users.$inferInsert> = {}) => {
      const user = await createUser(t.db, { username });
      await t.db
        .update(users)
        .set({ email, ...set })
        .where(eq(users.id, user.id));
      return user.id;
    };
    const now = t.clock.now();
    const carol = await make('Carol Jones', 'carol.jones@shop.co.uk');
    const dave = await make('Dave Carolan', 'dave@mail.example', {
      cashoutsHeldAt: now,
      cashoutsHoldReason: 'x',
    });
    const erin = await make('Erin', 'erin@shop.co.uk', { suspendedAt: now, suspensionReason: 'x' });
    const fay = await make('Fay', 'fay@notshop.co.uk', { breakUntil: new Date(now.getTime() + 86_400_000) });
    await t.db.insert(memberRisk).values({ userId: erin, score: 40, signals: [], updatedAt: now });
    await t.db.insert(memberRisk).values({ userId: dave, score: 15, signals: [], updatedAt: now });
    const ids = async (query: object) => {
      const res = await find(t, query, headers);
      expect(res.statusCode, JSON.stringify(query)).toBe(200);
      return res
        .data()
        .users.map((u) => u._id)
        .sort();
    };
    const sorted = (...list: string[]) => [...list].sort();

    // Inside a name or an address, not only at its start.
    expect(await ids({ q: 'CAROL' })).toEqual(sorted(carol, dave));
    expect(await ids({ q: 'jones@shop' })).toEqual([carol]);
    // A whole domain: not a longer one that ends the same.
    expect(await ids({ q: '@shop.co.uk' })).toEqual(sorted(carol, erin));
    expect(await ids({ q: '@co.uk' })).toEqual([]);
    expect(await ids({ status: 'suspended' })).toEqual([erin]);
    expect(await ids({ status: 'on_break' })).toEqual([fay]);
    expect(await ids({ q: 'shop', status: 'active' })).toEqual([carol]);
    expect(await ids({ held: 'true' })).toEqual([dave]);
    expect(await ids({ minRisk: '20' })).toEqual([erin]);
    expect(await ids({ minRisk: '10', q: 'carol' })).toEqual([dave]);
    for (const query of [{ status: 'lost' }, { held: 'no' }, { minRisk: '0' }, { minRisk: 'high' }]) {
      expect((await find(t, query, headers)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});
