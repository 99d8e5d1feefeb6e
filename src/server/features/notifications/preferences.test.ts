import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { HOUR } from '../../../../tests/helpers/prizes';
import { notificationsApi } from '../../../contract/notifications-api';
import { notificationPreferences } from '../../db/schema';

describe('notifications', () => {
  it('keep email and push choices with the defaults of DESIGN §9, recording consent to news', async () => {
    const t = await buildTestApp();
    const member = await createUser(t.db);
    const headers = await authHeader(t.db, member.id);
    const get = async () => (await inject(t, notificationsApi.preferences, { headers })).data().preferences;
    const put = (body: unknown) =>
      inject(t, notificationsApi.updatePreferences, { headers, body: body as never });

    expect(await get()).toEqual({
      email: { credits: false, prizeClosing: true, drawResults: true, streakReminders: true, news: false },
      push: { credits: true, prizeClosing: true, drawResults: true, streakReminders: true, news: false },
    });
    const ticked = await put({ email: { news: true, drawResults: false }, push: { credits: false } });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json().preferences).toMatchObject({
      email: { news: true, drawResults: false, prizeClosing: true },
      push: { credits: false, prizeClosing: true },
    });
    const consent = async () =>
      (
        await t.db
          .select({ at: notificationPreferences.newsConsentAt })
          .from(notificationPreferences)
          .where(eq(notificationPreferences.userId, member.id))
      )[0]!.at;
    expect(await consent()).toEqual(t.clock.now());
    // Consent keeps its date while news stays on, and goes when it is turned off.
    t.clock.advance(HOUR);
    await put({ push: { news: true } });
    expect(await consent()).toEqual(new Date(t.clock.now().getTime() - HOUR));
    await put({ email: { news: false } });
    expect(await consent()).toBeNull();
    expect((await get()).email.news).toBe(false);

    for (const bad of [{ email: { news: 'yes' } }, { email: { marketing: true } }, { sms: {} }, []])
      expect((await put(bad)).statusCode).toBe(400);
    expect((await inject(t, notificationsApi.preferences)).statusCode).toBe(401);
  });
});
