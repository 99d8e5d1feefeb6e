import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { lastMailTo } from '../../../../tests/helpers/mail';
import { accountApi } from '../../../contract/account';
import { users } from '../../db/schema';
import { signedIn, signIn, signUp } from './test-setup';

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
