import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject, rawInject } from '../../../../tests/helpers/inject';
import { accountApi } from '../../../contract/account';
import { authApi } from '../../../contract/auth';
import { contactApi } from '../../../contract/contact';
import { membersApi } from '../../../contract/members-api';
import { notificationsApi } from '../../../contract/notifications-api';
import { prizesApi } from '../../../contract/prizes-api';
import { type AppealBody, type DecideAppealBody, standingApi } from '../../../contract/standing';
import { wheelApi } from '../../../contract/wheel';
import { appeals, auditLog, notifications, users } from '../../db/schema';

const HOUR = 3_600_000;

async function setUp() {
  const t = await buildTestApp();
  const staff = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
  const body = registration();
  const signUp = await inject(t, authApi.register, { body });
  const member = signUp.json().user as { _id: string };
  const headers = { authorization: `Bearer ${signUp.json().token}` };
  const standing = (h = headers) => inject(t, standingApi.mine, { headers: h });
  const appeal = (message: unknown, h = headers) =>
    inject(t, standingApi.appeal, { headers: h, body: { message } as AppealBody });
  const decide = (id: string, decision: DecideAppealBody) =>
    inject(t, standingApi.decide, { params: { id }, headers: staff, body: decision });
  return { t, staff, body, member, headers, standing, appeal, decide };
}

const noticesOf = (t: TestApp, userId: string) =>
  t.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('standing and appeals', () => {
  it('tell a held member why, since when and by when a person looks; one appeal, decided with a reason', async () => {
    const { t, staff, member, standing, appeal, decide } = await setUp();
    expect((await standing()).data()).toEqual({
      status: 'ok',
      category: null,
      since: null,
      reviewBy: null,
      until: null,
      appeal: null,
    });
    const none = await appeal('Please look at my account again.');
    expect([none.statusCode, none.json().code]).toEqual([409, 'nothing_to_appeal']);

    const heldAt = t.clock.now();
    const held = await inject(t, membersApi.holdCashouts, {
      params: { id: member._id },
      headers: staff,
      body: { reason: 'We are checking the referrals on your account' },
    });
    expect(held.statusCode).toBe(200);
    expect((await standing()).data()).toEqual({
      status: 'held',
      category: 'We are checking the referrals on your account',
      since: heldAt.toISOString(),
      reviewBy: new Date(heldAt.getTime() + 48 * HOUR).toISOString(),
      until: null,
      appeal: null,
    });

    // Bad appeals change nothing.
    for (const bad of ['too short', '', 42, 'x'.repeat(2001)])
      expect((await appeal(bad)).statusCode, String(bad).slice(0, 10)).toBe(400);
    expect(await t.db.select().from(appeals)).toEqual([]);

    t.clock.advance(HOUR);
    const made = await appeal('They are my sister and my flatmate, who joined from my link.');
    expect(made.statusCode).toBe(201);
    expect(made.data()).toMatchObject({
      status: 'held',
      reviewBy: new Date(t.clock.now().getTime() + 48 * HOUR).toISOString(),
      appeal: { status: 'open', message: 'They are my sister and my flatmate, who joined from my link.' },
    });
    const again = await appeal('And another thing I forgot to mention.');
    expect([again.statusCode, again.json().code]).toEqual([409, 'already_appealed']);

    // It waits in the review queue; staff were told.
    const queue = (await inject(t, standingApi.list, { headers: staff, query: {} })).data();
    expect(queue.appeals).toEqual([
      expect.objectContaining({ member: expect.objectContaining({ _id: member._id }), decision: 'held' }),
    ]);
    const id = queue.appeals[0]!._id;
    const staffBell = await t.db.select().from(notifications).where(eq(notifications.type, 'staff_risk'));
    expect(staffBell.map((n) => n.title)).toEqual([expect.stringContaining('appealed their held cashouts')]);

    const decided = await decide(id, {
      outcome: 'overturned',
      reason: 'Checked: two real people we can verify',
    });
    expect(decided.statusCode).toBe(200);
    expect((await decide(id, { outcome: 'upheld', reason: 'Changed my mind on this one' })).json().code).toBe(
      'already_decided',
    );
    expect((await standing()).data().status).toBe('ok');
    const [row] = await t.db.select().from(users).where(eq(users.id, member._id));
    expect(row!.cashoutsHeldAt).toBeNull();
    expect((await noticesOf(t, member._id)).filter((n) => n.type === 'appeal_decided')).toEqual([
      expect.objectContaining({
        title: 'Your appeal succeeded',
        body: 'Checked: two real people we can verify',
      }),
    ]);
    const audit = (await t.db.select().from(auditLog)).map((a) => a.action);
    expect(audit).toEqual(['user.hold_cashouts', 'user.release_cashouts', 'user.appeal_decide']);
  });

  it('let a suspended member sign in to a restricted session: standing, appeal, messages and data only', async () => {
    const { t, staff, body, member, standing, appeal, decide } = await setUp();
    const prize = await createPrize(t.db, t.clock.now());
    await inject(t, membersApi.suspend, {
      params: { id: member._id },
      headers: staff,
      body: { reason: 'Several accounts on one address' },
    });
    const login = await inject(t, authApi.login, { body: { email: body.email, password: body.password } });
    expect(login.statusCode).toBe(200);
    const restricted = { authorization: `Bearer ${login.json().token}` };
    for (const allowed of [
      inject(t, authApi.me, { headers: restricted }),
      standing(restricted),
      inject(t, contactApi.mine, { headers: restricted, query: {} }),
      inject(t, accountApi.export, { headers: restricted }),
      inject(t, notificationsApi.list, { headers: restricted, query: {} }),
    ])
      expect((await allowed).statusCode).toBe(200);
    for (const refused of [
      rawInject(t, prizesApi.enter, {
        params: { id: prize.id },
        headers: restricted,
        payload: { entries: 1 },
      }),
      rawInject(t, wheelApi.spin, { headers: restricted, payload: {} }),
      rawInject(t, accountApi.sessions, { headers: restricted }),
    ]) {
      const res = await refused;
      expect([res.statusCode, res.json().code, res.json().restricted]).toEqual([403, 'suspended', true]);
    }
    expect((await standing(restricted)).data()).toMatchObject({
      status: 'suspended',
      category: 'Several accounts on one address',
      until: null,
    });

    expect((await appeal('It is a shared student house of six people.', restricted)).statusCode).toBe(201);
    const id = (await inject(t, standingApi.list, { headers: staff, query: {} })).data().appeals[0]!._id;
    await decide(id, { outcome: 'upheld', reason: 'The accounts entered the same prizes at the same times' });
    expect((await standing(restricted)).data()).toMatchObject({
      status: 'suspended',
      appeal: { status: 'upheld', reply: 'The accounts entered the same prizes at the same times' },
    });
    // A member cannot decide, nor a visitor ask.
    expect((await inject(t, standingApi.list, { headers: restricted, query: {} })).statusCode).toBe(403);
    expect((await inject(t, standingApi.mine, {})).statusCode).toBe(401);
  });
});
