import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { accountApi } from '../../../contract/account';
import { authApi } from '../../../contract/auth';
import { sessions } from '../../db/schema';
import { signedIn, signIn, signUp } from './test-setup';

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
    await inject(t, authApi.me, { headers });
    expect(await lastUsed()).toBe(opened);
    t.clock.advance(10 * 60_000);
    await inject(t, authApi.me, { headers });
    expect(await lastUsed()).toBe(t.clock.now().toISOString());
  });
});
