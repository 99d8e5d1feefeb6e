import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPrize, seasonAccount } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { lastMailTo } from '../../../../tests/helpers/mail';
import { accountApi } from '../../../contract/account';
import { authApi } from '../../../contract/auth';
import { cashApi } from '../../../contract/cash';
import { drawsApi } from '../../../contract/draws';
import { prizesApi } from '../../../contract/prizes-api';
import { clearReads } from '../../context';
import { entryTotals, ledgerEntries, prizeEntries, prizes, users, wins, withdrawals } from '../../db/schema';
import { signedIn, signIn, signUp } from './test-setup';

const deleteAccount = (t: TestApp, headers: Record<string, string>, body: object) =>
  inject(t, accountApi.deleteAccount, { headers, body: body as never });

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
    const again = await inject(t, authApi.register, { body: { ...body } });
    expect(again.statusCode).toBe(201);
  });

  it('waits while a withdrawal is pending, and confirms a social-only account with DELETE', async () => {
    const t = await buildTestApp();
    const { user, headers } = await signUp(t);
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, user._id));
    await seasonAccount(t.db, user._id, t.clock.now(), 1000);
    clearReads(t.ctx);
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
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
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
