import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser, markVerified, registration } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { apiPath, inject, rawInject } from '../../../../tests/helpers/inject';
import { OFFER_SECRET, postback, signedPostback } from '../../../../tests/helpers/offers';
import { servedDescription } from '../../../../tests/helpers/openapi';
import { closedPrize, draw, FRIDAY_EVENING, frozenParticipants } from '../../../../tests/helpers/prizes';
import { codeNow } from '../../../../tests/helpers/two-factor';
import { approvalsApi } from '../../../contract/approvals';
import { auditApi } from '../../../contract/audit';
import { authApi } from '../../../contract/auth';
import { cashApi } from '../../../contract/cash';
import { drawsApi } from '../../../contract/draws';
import { gamificationApi } from '../../../contract/gamification';
import { membersApi } from '../../../contract/members-api';
import { prizesApi } from '../../../contract/prizes-api';
import { riskApi } from '../../../contract/risk';
import { roleCan, STAFF_PERMISSIONS, STAFF_ROLES, type StaffPermission } from '../../../contract/staff';
import { staffApi } from '../../../contract/staff-api';
import { tasksApi } from '../../../contract/tasks';
import { twoFactorApi } from '../../../contract/two-factor';
import { wheelApi } from '../../../contract/wheel';
import { verifyDraw } from '../../../shared/draw';
import { memberRisk, prizes, userAchievements, users, wins } from '../../db/schema';
import { earn } from '../gamification/test-setup';
import { freezeSnapshot } from '../prizes/draw';

describe('staff roles', () => {
  it('let each role through exactly the admin routes its permissions name, and refuse the rest with 403 forbidden', async () => {
    const t = await buildTestApp();
    const doc = await servedDescription(t);
    // Every staff route, read from the served description: its bearer requirement names the permission.
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) => {
        const permission = op.security?.[0]?.bearer?.[0] as StaffPermission | undefined;
        return permission ? [{ method: method.toUpperCase(), path, permission }] : [];
      }),
    );
    expect(routes.every((r) => r.path.startsWith(apiPath('/admin/')))).toBe(true);
    expect(new Set(routes.map((r) => r.permission))).toEqual(new Set(Object.keys(STAFF_PERMISSIONS)));
    // No admin route is left without a permission.
    const adminPaths = Object.entries(doc.paths).flatMap(([path, methods]) =>
      path.startsWith(apiPath('/admin/'))
        ? Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`)
        : [],
    );
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(adminPaths.sort());

    const member = await createUser(t.db);
    const callers = [
      ...(await Promise.all(
        STAFF_ROLES.map(async (role) => ({
          role,
          headers: await authHeader(t.db, (await createUser(t.db, { role })).id),
        })),
      )),
      { role: null, headers: await authHeader(t.db, member.id) },
    ];
    const wrong: string[] = [];
    for (const { method, path, permission } of routes) {
      // The guard answers before the path or the body are read: a role let through is refused them
      // instead (404, 400), so nothing is done for real but the reads that take neither.
      const url = path.replace(/\{[^}]+\}/g, 'not-an-id');
      const body = method === 'GET' ? {} : { payload: '{', headers: { 'content-type': 'application/json' } };
      for (const { role, headers } of callers) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          ...body,
          headers: { ...headers, ...body.headers },
        });
        const refused = res.statusCode === 403 && res.json().code === 'forbidden';
        if (refused === roleCan(role, permission))
          wrong.push(
            `${method} ${path} as ${role ?? 'a member'}: ${res.statusCode} ${res.body.slice(0, 80)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('are given, changed and taken away by an owner alone, never their own, each change in the audit chain', async () => {
    const t = await buildTestApp();
    const owner = await createUser(t.db, { role: 'owner' });
    const asOwner = await authHeader(t.db, owner.id);
    const support = await createUser(t.db, { role: 'support', username: 'Sam Support' });
    const asSupport = await authHeader(t.db, support.id);
    const body = registration({ username: 'Fay Finance' });
    const fay = (await inject(t, authApi.register, { body })).data().user;

    // Only the owner: support may not even list staff.
    expect((await inject(t, staffApi.list, { headers: asSupport })).statusCode).toBe(403);
    // Anyone can sign up with a colleague's address: it is made staff once proved to be theirs.
    const unproved = await inject(t, staffApi.add, {
      headers: asOwner,
      body: { email: fay.email, role: 'finance' },
    });
    expect([unproved.statusCode, unproved.json().code]).toEqual([409, 'email_unverified']);
    await markVerified(t.db, fay._id);
    const added = await inject(t, staffApi.add, {
      headers: asOwner,
      body: { email: ` ${fay.email.toUpperCase()} `, role: 'finance' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().staff).toEqual({
      _id: fay._id,
      username: 'Fay Finance',
      email: fay.email,
      role: 'finance',
      twoFactor: false,
    });
    // Made staff, she signs in again (her sessions ended); once she has set up her second factor, Fay
    // may read the withdrawals, not the prizes.
    const signIn = await inject(t, authApi.login, { body: { email: fay.email, password: body.password } });
    const asFay = { authorization: `Bearer ${(signIn.data() as { token: string }).token}` };
    const first = await inject(t, cashApi.adminWithdrawals, { headers: asFay });
    expect(first.json().code).toBe('two_factor_required');
    const { secret } = (
      await inject(t, twoFactorApi.totpSetup, { headers: asFay, body: { password: body.password } })
    ).data();
    await inject(t, twoFactorApi.totpConfirm, { headers: asFay, body: { code: codeNow(secret, t.clock) } });
    expect((await inject(t, cashApi.adminWithdrawals, { headers: asFay })).statusCode).toBe(200);
    expect((await inject(t, prizesApi.adminList, { headers: asFay })).statusCode).toBe(403);
    const me = (await inject(t, authApi.me, { headers: asFay })).data().user;
    expect(me).toMatchObject({ isAdmin: true, role: 'finance' });

    const again = await inject(t, staffApi.add, {
      headers: asOwner,
      body: { email: fay.email, role: 'admin' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_staff');
    const badRole = await rawInject(t, staffApi.add, {
      headers: asOwner,
      payload: { email: fay.email, role: 'superuser' },
    });
    expect(badRole.statusCode).toBe(400);

    // Their own role: the only owner keeps it (staff-lifecycle.test.ts has one of two owners).
    const own = await inject(t, staffApi.changeRole, {
      headers: asOwner,
      params: { id: owner.id },
      body: { role: null },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('last_owner');
    const notStaff = await inject(t, staffApi.changeRole, {
      headers: asOwner,
      params: { id: (await createUser(t.db)).id },
      body: { role: 'admin' },
    });
    expect(notStaff.statusCode).toBe(404);

    const promoted = await inject(t, staffApi.changeRole, {
      headers: asOwner,
      params: { id: fay._id },
      body: { role: 'admin' },
    });
    expect(promoted.data().staff?.role).toBe('admin');
    const removed = await inject(t, staffApi.changeRole, {
      headers: asOwner,
      params: { id: support.id },
      body: { role: null },
    });
    expect(removed.data().staff).toBeNull();
    expect((await inject(t, membersApi.search, { headers: asSupport })).json()).toMatchObject({
      code: 'forbidden',
      error: 'Admins only',
    });
    const [left] = await t.db.select().from(users).where(eq(users.id, support.id));
    expect(left!.staffRole).toBeNull();

    const list = await inject(t, staffApi.list, { headers: asOwner });
    expect(list.data().staff.map((s) => [s.username, s.role])).toEqual([
      [owner.username, 'owner'],
      ['Fay Finance', 'admin'],
    ]);
    const audit = await inject(t, auditApi.list, { headers: asOwner, query: { action: 'staff.role' } });
    expect(audit.data().events.map((e) => e.summary)).toEqual([
      'Sam Support is no longer staff',
      'Fay Finance is now admin',
      'Fay Finance is now finance',
    ]);
  });

  it('take turns when changes to one account race: the audit chain’s last word is the role that stands', async () => {
    const t = await buildTestApp();
    const owner = await createUser(t.db, { role: 'owner' });
    const asOwner = await authHeader(t.db, owner.id);
    const target = await createUser(t.db, { role: 'support' });
    const roles = ['admin', 'finance', 'support', null, 'admin', 'finance'] as const;
    const answers = await Promise.all(
      roles.map((role) =>
        inject(t, staffApi.changeRole, { headers: asOwner, params: { id: target.id }, body: { role } }),
      ),
    );
    // A change after the role was taken away finds no staff member to change.
    for (const a of answers) expect([200, 404]).toContain(a.statusCode);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    const audit = await inject(t, auditApi.list, { headers: asOwner, query: { action: 'staff.role' } });
    const last = audit.data().events[0];
    expect(last?.changes?.after).toEqual({ role: row!.staffRole });
    const verify = await inject(t, auditApi.verify, { headers: asOwner });
    expect(verify.json()).toMatchObject({ intact: true });
  });

  it('never play: made staff, a member leaves the leaderboards and the review queue, and is refused entering, spinning, tasks, the streak and offer credits', async () => {
    const t = await buildTestApp({ env: { OFFERWALL_SECRET: OFFER_SECRET } });
    const owner = await createUser(t.db, { role: 'owner' });
    const asOwner = await authHeader(t.db, owner.id);
    const player = await createUser(t.db, { entries: 100, username: 'Pat Player' });
    const prize = await createPrize(t.db, t.clock.now());
    await earn(t, player.id, 40, t.clock.now().toISOString());
    const board = async () =>
      (await inject(t, gamificationApi.leaderboard, { query: { period: 'weekly' } })).data().leaderboard;
    expect(await board()).toHaveLength(1);
    await t.db
      .insert(memberRisk)
      .values({ userId: player.id, score: 80, signals: [], updatedAt: t.clock.now() });
    const review = async () =>
      (await inject(t, riskApi.review, { headers: asOwner, query: {} })).data().members.map((m) => m._id);
    expect(await review()).toContain(player.id);

    await inject(t, staffApi.add, { headers: asOwner, body: { email: player.email, role: 'support' } });
    expect(await board()).toEqual([]);
    const asPlayer = await authHeader(t.db, player.id);
    expect(await review()).not.toContain(player.id);

    const refusals = [
      await inject(t, prizesApi.enter, { params: { id: prize.id }, headers: asPlayer, body: { entries: 1 } }),
      await inject(t, wheelApi.spin, { headers: asPlayer }),
      await inject(t, gamificationApi.updateStreak, { headers: asPlayer }),
      await inject(t, tasksApi.complete, { params: { id: randomUUID() }, headers: asPlayer, body: {} }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'Staff cannot play: entering, earning and spinning are for members',
        code: 'staff_cannot_play',
      });
    }
    // A provider crediting them is refused too, and nothing reaches their balance.
    const credit = await postback(
      t,
      signedPostback({ user_id: player.id, transaction_id: 'tx-staff', amount: '5', status: '1' }),
    );
    expect(credit.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, player.id));
    expect(row!.availableEntries).toBe(100 + 40);
  });

  it('are never drawn: a member made staff after entering is left out of the draw and passed over for a place', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { prize, people, admin } = await closedPrize(t, { people: 3, totalWinners: 1 });
    const makeStaff = (userId: string) =>
      t.db.update(users).set({ staffRole: 'support' }).where(eq(users.id, userId));
    await makeStaff(people[0]!.id);
    const drawn = await draw(t, prize.id, admin);
    expect(drawn.statusCode).toBe(200);
    const participants = await frozenParticipants(t.db, prize.id);
    expect(participants).toHaveLength(2);
    const [winner] = drawn.data().winners;
    expect(winner!._id).not.toBe(people[0]!.id);

    // The one left who could inherit the place is made staff too: nobody takes it.
    await makeStaff(people.find((p) => p.id !== people[0]!.id && p.id !== winner!._id)!.id);
    const asked = await inject(t, drawsApi.disqualify, {
      params: { id: prize.id, userId: winner!._id },
      headers: admin,
      body: { reason: 'Fraud: a ring of accounts' },
    });
    const second = await authHeader(t.db, (await createUser(t.db, { role: 'admin' })).id, {
      at: t.clock.now(),
    });
    const approved = await inject(t, approvalsApi.approve, {
      params: { id: asked.data().approval._id },
      headers: second,
    });
    expect(approved.statusCode).toBe(200);
    const [passed] = (await inject(t, drawsApi.proof, { params: { id: prize.id } })).data().replacements;
    expect(passed).toMatchObject({ reason: 'disqualified', to: null });
  });

  it('made staff after the entries were frozen, a drawn winner’s place passes on at the draw', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { prize, people, admin } = await closedPrize(t, { people: 3, totalWinners: 3 });
    const [row] = await t.db.select().from(prizes).where(eq(prizes.id, prize.id));
    await t.db.transaction((tx) => freezeSnapshot(tx, row!, t.clock.now()));
    await t.db.update(users).set({ staffRole: 'support' }).where(eq(users.id, people[0]!.id));
    // Everyone in the snapshot wins a place; the one now staff forfeits it, and nobody is left to take it.
    const drawn = await draw(t, prize.id, admin);
    expect(drawn.statusCode).toBe(200);
    // The answer names those who hold a place; the one passed over unlocks nothing.
    expect(drawn.json().message).toBe(`Drew 2 winners for ${prize.title}`);
    expect(
      drawn
        .data()
        .winners.map((w) => w._id)
        .sort(),
    ).toEqual([people[1]!.id, people[2]!.id].sort());
    const unlocked = await t.db
      .select()
      .from(userAchievements)
      .where(eq(userAchievements.userId, people[0]!.id));
    expect(unlocked.map((a) => a.achievementId)).not.toContain('first_win');
    const held = await t.db.select().from(wins).where(eq(wins.prizeId, prize.id));
    expect(held.find((w) => w.userId === people[0]!.id)).toMatchObject({ forfeitReason: 'disqualified' });
    expect(
      held
        .filter((w) => !w.forfeitedAt)
        .map((w) => w.userId)
        .sort(),
    ).toEqual([people[1]!.id, people[2]!.id].sort());
    const proof = (await inject(t, drawsApi.proof, { params: { id: prize.id } })).data();
    expect(proof.replacements).toHaveLength(1);
    expect(proof.replacements[0]).toMatchObject({ reason: 'disqualified', to: null });
    expect((await verifyDraw({ ...proof, totalWinners: proof.prize.totalWinners })).verified).toBe(true);
  });
});
