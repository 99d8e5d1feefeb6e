import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPrize, registration } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { lastMailTo, linkTokenFor } from '../../../../tests/helpers/mail';
import { accountApi } from '../../../contract/account';
import { cashApi } from '../../../contract/cash';
import { contactApi } from '../../../contract/contact';
import { drawsApi } from '../../../contract/draws';
import { prizesApi } from '../../../contract/prizes';
import {
  entryTotals,
  ledgerEntries,
  prizeEntries,
  prizes,
  sessions,
  users,
  wins,
  withdrawals,
} from '../../db/schema';
import { credit } from '../../lib/ledger';

const UA_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

async function signUp(t: TestApp) {
  const body = registration();
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  return { body, user: res.json().user, headers: { authorization: `Bearer ${res.json().token}` } };
}
async function signIn(t: TestApp, email: string, password: string, userAgent = UA_PHONE) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
  });
  return { res, headers: { authorization: `Bearer ${res.json().token}` } };
}
const deleteAccount = (t: TestApp, headers: Record<string, string>, body: object) =>
  inject(t, accountApi.deleteAccount, { headers, body: body as never });
const signedIn = async (t: TestApp, headers: object) =>
  (await t.app.inject({ url: '/api/auth/me', headers: headers as Record<string, string> })).statusCode ===
  200;

describe('change password', () => {
  it('needs the current password, keeps this session and ends every other one', async () => {
    const t = await buildTestApp();
    const { body, headers } = await signUp(t);
    const other = await signIn(t, body.email, body.password);

    const changePassword = (body: { currentPassword: string; newPassword: string }) =>
      inject(t, accountApi.changePassword, { headers, body });
    const wrong = await changePassword({ currentPassword: 'nope-nope', newPassword: 'new-secret' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Your current password is not correct');
    const short = await changePassword({ currentPassword: body.password, newPassword: '123' });
    expect(short.statusCode).toBe(400);

    const ok = await changePassword({ currentPassword: body.password, newPassword: 'new-secret' });
    expect(ok.statusCode).toBe(200);
    expect(await signedIn(t, headers)).toBe(true);
    expect(await signedIn(t, other.headers)).toBe(false);
    expect((await signIn(t, body.email, 'new-secret')).res.statusCode).toBe(200);
    expect((await lastMailTo(t.db, body.email))!.subject).toBe('Your PrizeDraw password was changed');
  });
});

describe('change email', () => {
  it('moves the account to a new, unverified address, links it, tells the old one and ends other sessions', async () => {
    const t = await buildTestApp();
    const { body, headers } = await signUp(t);
    const other = await signIn(t, body.email, body.password);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await linkTokenFor(t.db, body.email, '/verify-email') },
    });

    const res = await inject(t, accountApi.changeEmail, {
      headers,
      body: { password: body.password, email: ' New@Example.com ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data().user).toMatchObject({ email: 'new@example.com', emailVerified: false });
    expect(await signedIn(t, other.headers)).toBe(false);
    expect((await lastMailTo(t.db, body.email))!.text).toContain('was changed to new@example.com');
    const token = await linkTokenFor(t.db, 'new@example.com', '/verify-email');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode,
    ).toBe(200);
    expect((await signIn(t, 'new@example.com', body.password)).res.json().user.emailVerified).toBe(true);
  });

  it('refuses a taken address, the same address, a wrong password and a bad address', async () => {
    const t = await buildTestApp();
    const { body, headers } = await signUp(t);
    const taken = await signUp(t);
    const cases: Array<[object, number, RegExp]> = [
      [{ password: body.password, email: taken.body.email }, 409, /already exists/],
      [{ password: body.password, email: body.email }, 400, /already your email/],
      [{ password: 'wrong-one', email: 'x@example.com' }, 400, /not correct/],
      [{ password: body.password, email: 'not-an-email' }, 400, /valid email/],
      [{ email: 'x@example.com' }, 400, /password is required/i],
    ];
    for (const [payload, status, error] of cases) {
      const res = await inject(t, accountApi.changeEmail, { headers, body: payload as never });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error).toMatch(error);
    }
    expect((await signIn(t, body.email, body.password)).res.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('lists devices with last use, signs one out, and signs out everywhere else', async () => {
    const t = await buildTestApp();
    const { body, headers } = await signUp(t);
    t.clock.advance(60 * 60_000);
    const phone = await signIn(t, body.email, body.password);
    const laptop = await signIn(
      t,
      body.email,
      body.password,
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0',
    );

    const list = (await inject(t, accountApi.sessions, { headers: phone.headers })).data().sessions;
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toEqual([expect.objectContaining({ device: 'Chrome on Android' })]);
    expect(list.map((s) => s.device).sort()).toEqual([
      'Chrome on Android',
      'Firefox on Mac',
      'Unknown device',
    ]);
    expect(JSON.stringify(list)).not.toMatch(/token/i);

    const mac = list.find((s) => s.device === 'Firefox on Mac')!;
    const endSession = (id: string) =>
      inject(t, accountApi.endSession, { params: { id }, headers: phone.headers });
    expect((await endSession(mac._id)).statusCode).toBe(200);
    expect(await signedIn(t, laptop.headers)).toBe(false);
    expect((await endSession(mac._id)).statusCode).toBe(404);

    // Someone else's session is not yours to end.
    const stranger = await signUp(t);
    const theirs = (await inject(t, accountApi.sessions, { headers: stranger.headers })).data().sessions[0]!;
    const res = await endSession(theirs._id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Session not found');
    expect(await signedIn(t, stranger.headers)).toBe(true);

    expect((await inject(t, accountApi.endOtherSessions, { headers: phone.headers })).statusCode).toBe(200);
    expect(await signedIn(t, headers)).toBe(false);
    expect(await signedIn(t, phone.headers)).toBe(true);
    expect((await inject(t, accountApi.sessions)).statusCode).toBe(401);
  });

  it('records when a session was last used, without writing on every request', async () => {
    const t = await buildTestApp();
    const { user, headers } = await signUp(t);
    const lastUsed = async () =>
      (await t.db.select().from(sessions).where(eq(sessions.userId, user._id)))[0]!.lastUsedAt.toISOString();
    const opened = await lastUsed();
    t.clock.advance(60_000);
    await t.app.inject({ url: '/api/auth/me', headers });
    expect(await lastUsed()).toBe(opened);
    t.clock.advance(10 * 60_000);
    await t.app.inject({ url: '/api/auth/me', headers });
    expect(await lastUsed()).toBe(t.clock.now().toISOString());
  });
});

describe('data export', () => {
  it('downloads everything held about the user as JSON, without secrets', async () => {
    const t = await buildTestApp();
    const { body, user, headers } = await signUp(t);
    await inject(t, contactApi.send, {
      body: { name: 'Ann', email: body.email, subject: 'Hello', message: 'A question' },
    });
    const prize = await createPrize(t.db, t.clock.now());
    await inject(t, prizesApi.enter, { params: { id: prize.id }, headers, body: { entries: 3 } });

    const before = (await inject(t, accountApi.export, { headers })).data();
    expect(before.contactMessages).toEqual([]);
    await t.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, user._id));
    const res = await inject(t, accountApi.export, { headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="prizedraw-my-data-2026-11-20.json"',
    );
    const data = res.data();
    expect(data.account).toMatchObject({ _id: user._id, email: body.email, signsInWith: ['password'] });
    expect(data.ledger.map((l) => l.reason)).toEqual([
      'welcome_bonus',
      'achievement',
      'prize_entry',
      'achievement',
    ]);
    expect(data.prizeEntries).toEqual([expect.objectContaining({ prizeId: prize.id, entries: 3 })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ subject: 'Hello' })]);
    expect(data.sessions).toHaveLength(1);
    expect(data.achievements.map((a) => a.achievement)).toEqual(['first_login', 'first_entry']);
    expect(data.mail.map((m) => m.subject)).toContain('Please verify your email address');
    expect(res.body).not.toMatch(/tokenHash|passwordHash|argon2/);
  });
});

describe('taking a break', () => {
  it('ends every session and refuses sign-in with the end date until the break is over', async () => {
    const t = await buildTestApp();
    const { body, headers } = await signUp(t);
    const other = await signIn(t, body.email, body.password);
    const res = await inject(t, accountApi.takeBreak, { headers, body: { period: '3m' } });
    expect(res.statusCode).toBe(200);
    expect(res.data()).toEqual({
      message: 'Your break has started. You can sign in again on 20 February 2027.',
      until: '2027-02-20T12:00:00.000Z',
    });
    expect(await signedIn(t, headers)).toBe(false);
    expect(await signedIn(t, other.headers)).toBe(false);
    expect((await lastMailTo(t.db, body.email))!.subject).toBe('Your break from PrizeDraw has started');

    const refused = (await signIn(t, body.email, body.password)).res;
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'on_break',
      error: 'You are taking a break until 20 February 2027. You can sign in again then.',
      until: '2027-02-20T12:00:00.000Z',
    });
    // A wrong password learns nothing about the break.
    expect((await signIn(t, body.email, 'wrong-password')).res.statusCode).toBe(401);

    t.clock.set('2027-02-20T12:00:01Z');
    expect((await signIn(t, body.email, body.password)).res.statusCode).toBe(200);
  });

  it('refuses a session whose account went on a break, however it slipped through', async () => {
    const t = await buildTestApp();
    const { user, headers } = await signUp(t);
    await t.db
      .update(users)
      .set({ breakUntil: new Date('2027-01-01T00:00:00Z') })
      .where(eq(users.id, user._id));
    expect(await signedIn(t, headers)).toBe(false);
  });

  it('can be for good, and refuses an unknown period', async () => {
    const t = await buildTestApp();
    const { body, headers } = await signUp(t);
    const takeBreak = (period: unknown) =>
      inject(t, accountApi.takeBreak, { headers, body: { period } as never });
    for (const period of ['2m', '', 3, undefined]) {
      expect((await takeBreak(period)).statusCode, String(period)).toBe(400);
    }
    expect((await takeBreak('permanent')).data()).toEqual({
      message: 'Your account is closed for good. Take care.',
      until: null,
    });
    t.clock.advance(10 * 365 * 86_400_000);
    const refused = (await signIn(t, body.email, body.password)).res;
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/permanent break/);
  });
});

describe('deleting the account', () => {
  it('erases personal data, withdraws open entries, forfeits unclaimed wins and keeps the ledger whole', async () => {
    const t = await buildTestApp();
    const { body, user, headers } = await signUp(t);
    const open = await createPrize(t.db, t.clock.now(), { entryCost: 2 });
    await inject(t, prizesApi.enter, { params: { id: open.id }, headers, body: { entries: 5 } });
    const drawn = await createPrize(t.db, t.clock.now(), { status: 'drawn' });
    await t.db
      .insert(wins)
      .values({ prizeId: drawn.id, userId: user._id, pid: 'a1', position: 1, drawnAt: t.clock.now() });

    const wrong = await deleteAccount(t, headers, { password: 'not-mine' });
    expect(wrong.statusCode).toBe(400);
    expect((await deleteAccount(t, headers, { confirm: 'DELETE' })).json().error).toBe(
      'Enter your password to delete your account',
    );
    const res = await deleteAccount(t, headers, { password: body.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your account has been deleted. We are sorry to see you go.');

    expect(await signedIn(t, headers)).toBe(false);
    expect((await signIn(t, body.email, body.password)).res.statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(row).toMatchObject({ username: 'Deleted member', passwordHash: null, googleSub: null });
    expect(row!.email).toBe(`deleted:${user._id}`);
    expect(row!.deletedAt).not.toBeNull();

    const [openPrize] = await t.db.select().from(prizes).where(eq(prizes.id, open.id));
    expect(openPrize!.totalEntries).toBe(0);
    expect(await t.db.select().from(prizeEntries).where(eq(prizeEntries.userId, user._id))).toEqual([]);
    const [win] = await t.db.select().from(wins).where(eq(wins.userId, user._id));
    expect(win!.forfeitReason).toBe('account_deleted');
    expect(await t.db.select().from(entryTotals).where(eq(entryTotals.userId, user._id))).toEqual([]);

    // The ledger stays, and the balance is still its sum: the 10 entries spent came back as a refund
    // (60 to start, +50 for a first prize entry).
    const [sum] = await t.db
      .select({ total: sql<number>`sum(${ledgerEntries.amount})::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user._id), eq(ledgerEntries.account, 'entries')));
    expect(sum!.total).toBe(row!.availableEntries);
    expect(row!.availableEntries).toBe(110);

    // The address is free for a new account.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...body } });
    expect(again.statusCode).toBe(201);
  });

  it('waits while a withdrawal is pending, and confirms a social-only account with DELETE', async () => {
    const t = await buildTestApp();
    const { user, headers } = await signUp(t);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, user._id));
    await credit(t.db, {
      userId: user._id,
      account: 'cash',
      amount: 1000,
      reason: 'admin_adjustment',
      idempotencyKey: 'cash-grant',
      at: t.clock.now(),
    });
    const asked = await inject(t, cashApi.requestWithdrawal, {
      headers,
      body: { amount: 5, method: 'paypal', paypalEmail: 'me@example.com' },
    });
    expect(asked.statusCode).toBe(201);
    const blocked = await deleteAccount(t, headers, { confirm: 'DELETE' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toMatch(/withdrawal waiting to be paid/);

    await t.db.update(withdrawals).set({ status: 'paid' }).where(eq(withdrawals.userId, user._id));
    for (const payload of [{}, { confirm: 'delete' }, { confirm: 'DELETE', password: 'x' }]) {
      expect((await deleteAccount(t, headers, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await deleteAccount(t, headers, { confirm: 'DELETE' })).statusCode).toBe(200);
    const [kept] = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user._id));
    expect(kept!.details).toEqual({});
  });

  it('forfeits a deleted account’s win in a closed prize, and emails no one', async () => {
    const t = await buildTestApp();
    const { body, user, headers } = await signUp(t);
    const prize = await createPrize(t.db, t.clock.now(), { drawDay: 'Friday' });
    await inject(t, prizesApi.enter, { params: { id: prize.id }, headers, body: { entries: 1 } });
    t.clock.set('2026-11-27T20:30:00Z'); // closed (a week on) and a Friday evening
    expect((await deleteAccount(t, headers, { password: body.password })).statusCode).toBe(200);
    const [held] = await t.db
      .select({ n: count() })
      .from(prizeEntries)
      .where(eq(prizeEntries.prizeId, prize.id));
    expect(held!.n).toBe(1);

    const { createUser, authHeader } = await import('../../../../tests/factories');
    const admin = await authHeader(t.db, (await createUser(t.db, { isAdmin: true })).id);
    const drawnRes = await inject(t, drawsApi.draw, {
      params: { id: prize.id },
      headers: admin,
      body: undefined,
    });
    expect(drawnRes.statusCode).toBe(200);
    const [win] = await t.db.select().from(wins).where(eq(wins.prizeId, prize.id));
    expect(win).toMatchObject({ userId: user._id, forfeitReason: 'account_deleted' });
    expect(await lastMailTo(t.db, `deleted-${user._id}@deleted.invalid`)).toBeUndefined();
  });
});
