import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPrize } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { lastMailTo } from '../../../../tests/helpers/mail';
import { offerWallEnv, postback, signedPostback } from '../../../../tests/helpers/offers';
import { accountApi, type SelfExclusionBody } from '../../../contract/account';
import { authApi } from '../../../contract/auth';
import { gamificationApi } from '../../../contract/gamification';
import { offersApi } from '../../../contract/offer-walls';
import { prizesApi } from '../../../contract/prizes-api';
import { tasksApi } from '../../../contract/tasks';
import { wheelApi } from '../../../contract/wheel';
import { ledgerEntries, users } from '../../db/schema';
import { signIn, signUp } from './test-setup';

const exclude = (t: TestApp, headers: Record<string, string>, body: object) =>
  inject(t, accountApi.selfExclude, { headers, body: body as SelfExclusionBody });

/** Every call that plays or earns, as the member makes it. */
const plays = (t: TestApp, headers: Record<string, string>, prizeId: string) => [
  inject(t, prizesApi.enter, { params: { id: prizeId }, headers, body: { entries: 1 } }),
  inject(t, wheelApi.spin, { headers }),
  inject(t, gamificationApi.updateStreak, { headers }),
  inject(t, tasksApi.start, { params: { id: randomUUID() }, headers }),
  inject(t, tasksApi.complete, { params: { id: randomUUID() }, headers, body: {} }),
  inject(t, offersApi.walls, { headers }),
];

describe('self-exclusion', () => {
  it('stops playing and earning for the months chosen, keeps the member signed in, and says until when', async () => {
    const t = await buildTestApp({ env: offerWallEnv });
    const { body, user, headers } = await signUp(t);
    const prize = await createPrize(t.db, t.clock.now());
    const res = await exclude(t, headers, { months: 6, password: body.password });
    expect(res.statusCode).toBe(200);
    expect(res.data()).toEqual({
      message: 'You are excluded from playing until 20 May 2027.',
      until: '2027-05-20T12:00:00.000Z',
    });
    expect((await lastMailTo(t.db, body.email))!.subject).toBe(
      'Your self-exclusion from PrizeDraw has started',
    );

    // Still signed in, and the account says so; signing in again works too.
    const me = await inject(t, authApi.me, { headers });
    expect(me.data().user.selfExcludedUntil).toBe('2027-05-20T12:00:00.000Z');
    expect((await signIn(t, body.email, body.password)).res.statusCode).toBe(200);

    const ledgerOf = () => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user._id));
    const before = await ledgerOf();
    for (const refused of await Promise.all(plays(t, headers, prize.id))) {
      expect([refused.statusCode, refused.json().code, refused.json().until]).toEqual([
        403,
        'self_excluded',
        '2027-05-20T12:00:00.000Z',
      ]);
      expect(refused.json().error).toBe(
        'You have excluded yourself from playing until 20 May 2027. Entering, spinning and earning open again then.',
      );
    }
    // An offer finished before it began earns nothing either; the wall may send it again once it ends.
    const credit = signedPostback({ user_id: user._id, transaction_id: 'tx-9', amount: '40', status: '1' });
    expect((await postback(t, credit)).statusCode).toBe(403);
    expect(await ledgerOf()).toEqual(before);

    // Not ended early: a shorter one keeps the end already set; a longer one moves it on.
    expect((await exclude(t, headers, { months: 6, password: body.password })).data().until).toBe(
      '2027-05-20T12:00:00.000Z',
    );
    expect((await exclude(t, headers, { months: 12, password: body.password })).data().until).toBe(
      '2027-11-20T12:00:00.000Z',
    );

    t.clock.set('2027-11-20T12:00:01Z');
    const again = (await signIn(t, body.email, body.password)).headers;
    const [entered] = plays(t, again, (await createPrize(t.db, t.clock.now())).id);
    expect((await entered!).statusCode).toBe(200);
  });

  it('refuses a wrong password, an unknown length and no password, changing nothing', async () => {
    const t = await buildTestApp();
    const { body, user, headers } = await signUp(t);
    const refusals: [object, number, string][] = [
      [{ months: 6, password: 'not-my-password' }, 400, 'Your current password is not correct'],
      [{ months: 3, password: body.password }, 400, 'Choose 6 months, 1 year or 5 years'],
      [{ months: '6', password: body.password }, 400, 'Choose 6 months, 1 year or 5 years'],
      [{ months: 60 }, 400, 'Password is required'],
    ];
    for (const [asked, status, error] of refusals) {
      const res = await exclude(t, headers, asked);
      expect([res.statusCode, res.json().error], JSON.stringify(asked)).toEqual([status, error]);
    }
    expect((await exclude(t, {}, { months: 6, password: body.password })).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(row!.selfExcludedUntil).toBeNull();
  });
});
