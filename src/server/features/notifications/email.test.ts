import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { sendOn } from '../../../../tests/helpers/notifications';
import { smtpListener } from '../../../../tests/helpers/smtp';
import { urlOf } from '../../../contract/endpoint';
import { notificationsApi } from '../../../contract/notifications-api';
import { appContext } from '../../app';
import { mailOutbox, users } from '../../db/schema';
import { deliverDueMail, smtpTransport } from '../mail/deliver';
import { notices } from './notices';
import { notify } from './notify';
import { sendingOn } from './sending';

/** One-click unsubscribing, as a mail app is given it, up to the token. */
const UNSUBSCRIBE_LINK = `http://localhost:3000${urlOf(notificationsApi.unsubscribe)}?token=`;
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const prize = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Prize ${n}`,
  type: 'physical' as const,
});
const tell = (t: TestApp, userId: string, notice: ReturnType<typeof notices.win>) =>
  notify(t.db, userId, notice, t.clock.now());
const mailTo = (t: TestApp, to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('notification email', () => {
  it('goes out as each member chose, always for a win, and nothing optional during a break, a self-exclusion or a suspension', async () => {
    const t = await buildTestApp();
    const [ann, bob, cat, dan] = [
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
    ];
    const later = new Date(t.clock.now().getTime() + 30 * 86_400_000);
    await t.db.update(users).set({ breakUntil: later }).where(eq(users.id, bob.id));
    await t.db.update(users).set({ selfExcludedUntil: later }).where(eq(users.id, dan.id));
    await t.db
      .update(users)
      .set({ suspendedAt: t.clock.now(), suspensionReason: 'Several accounts' })
      .where(eq(users.id, cat.id));

    for (const member of [ann, bob, cat, dan]) {
      await tell(t, member.id, notices.offerCredited('tx-1', 40)); // credits: off by email by default
      await tell(t, member.id, notices.drawResult(prize(1))); // draw results: on
      await tell(t, member.id, notices.win(prize(2))); // always
    }
    // Dispatchers on two instances at once: each notification is sent on once.
    const runs = await Promise.all([sendOn(t), sendOn(t)]);
    expect(runs.reduce((n, r) => n + r.dispatched, 0)).toBe(12);
    expect(runs.reduce((n, r) => n + r.emailed, 0)).toBe(5);
    expect((await sendOn(t)).dispatched).toBe(0);

    expect((await mailTo(t, ann.email)).map((m) => m.subject).sort()).toEqual([
      'Prize 1 has been drawn',
      'You won Prize 2!',
    ]);
    for (const member of [bob, cat, dan])
      expect((await mailTo(t, member.email)).map((m) => m.subject)).toEqual(['You won Prize 2!']);
    // The win's email links the prize's verification page.
    const won = (await mailTo(t, ann.email)).find((m) => m.subject === 'You won Prize 2!')!;
    expect(won.text).toContain(
      `Anyone can check the draw was fair on the prize's verification page: ${t.config.siteUrl}/draws/${prize(2).id}`,
    );

    // Turned off, draw results stop; turned on, credits start.
    await inject(t, notificationsApi.updatePreferences, {
      headers: await authHeader(t.db, ann.id),
      body: { email: { drawResults: false, credits: true } },
    });
    await tell(t, ann.id, notices.drawResult(prize(3)));
    await tell(t, ann.id, notices.offerCredited('tx-2', 10));
    await sendOn(t);
    expect((await mailTo(t, ann.email)).map((m) => m.subject)).toContain('+10 entries from an offer');
    expect((await mailTo(t, ann.email)).map((m) => m.subject)).not.toContain('Prize 3 has been drawn');
  });

  it('carries one-click unsubscribe on optional mail (RFC 8058), which works without signing in', async () => {
    const t = await buildTestApp();
    const ann = await createUser(t.db, { username: 'Annabel' });
    await tell(t, ann.id, notices.drawResult(prize(1)));
    await tell(t, ann.id, notices.win(prize(2)));
    await sendOn(t);
    const [optional, win] = await t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(win!.headers).toBeNull();
    expect(win!.text).not.toContain('Stop these emails');
    expect(win!.text).toContain('Claim your prize: http://localhost:3000/wins');
    expect(optional!.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(new RegExp(`^<${literally(UNSUBSCRIBE_LINK)}[^>]+>$`)),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(optional!.text).toContain('Hello Annabel,');
    expect(optional!.text).toContain('Check the draw: http://localhost:3000/draws/');
    expect(optional!.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(optional!.html).toContain('>Check the draw</a>');

    // Over real SMTP, with both parts and the headers.
    const smtp = await smtpListener();
    const transport = smtpTransport(smtp.url);
    expect(await deliverDueMail(t.db, t.clock, transport, 'PrizeDraw <no-reply@example.com>')).toEqual({
      sent: 2,
      failed: 0,
    });
    transport.close();
    // Headers as a mail app reads them, long ones unfolded (RFC 5322).
    const raw = smtp.received
      .find((m) => m.body.includes('has been drawn'))!
      .body.replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toMatch(new RegExp(`^List-Unsubscribe: <${literally(UNSUBSCRIBE_LINK)}`, 'm'));
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);

    // The mail app's one-click POST: the address from the header, form-encoded, no session.
    const address = new URL(optional!.headers!['List-Unsubscribe']!.slice(1, -1));
    expect(address.pathname).toBe(notificationsApi.unsubscribe.path);
    const token = address.searchParams.get('token')!;
    const oneClick = await inject(t, notificationsApi.unsubscribe, {
      query: { token },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click' as never,
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({
      topic: 'drawResults',
      message: 'You will no longer get "Draw results" emails. You can turn them back on in your account.',
    });
    await tell(t, ann.id, notices.drawResult(prize(3)));
    expect((await sendOn(t)).emailed).toBe(0);
    // RFC 8058 §3.2: mail providers SHOULD send it as multipart/form-data.
    const boundary = 'one-click-boundary';
    const multipart = await inject(t, notificationsApi.unsubscribe, {
      query: { token },
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n` as never,
    });
    expect([multipart.statusCode, multipart.json().topic]).toEqual([200, 'drawResults']);

    // Opened in a browser, the address shows the page, which asks first.
    const opened = await inject(t, notificationsApi.unsubscribePage, { query: { token } });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe${address.search}`);

    const unsubscribe = (body: object) => inject(t, notificationsApi.unsubscribe, { body: body as never });
    expect((await unsubscribe({ token })).statusCode).toBe(200);
    for (const bad of [
      { token: token.replace('drawResults', 'news') },
      { token: `${token.slice(0, -2)}AA` },
      { token: 'nonsense' },
      { token: '<script>' },
      {},
    ]) {
      const res = await unsubscribe(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('That unsubscribe link is not valid');
    }
  });

  it('is queued the moment a notification commits, by whichever instance hears of it', async () => {
    const t = await buildTestApp();
    const ctx = appContext({ config: t.config, database: t.database, clock: t.clock });
    const sending = await sendingOn(ctx, { error() {} });
    try {
      const ann = await createUser(t.db);
      await tell(t, ann.id, notices.win(prize(1)));
      await expect
        .poll(async () => (await mailTo(t, ann.email)).map((m) => m.subject), { timeout: 5_000 })
        .toEqual(['You won Prize 1!']);
    } finally {
      await sending.stop();
      await ctx.live.stop();
    }
  });
});
