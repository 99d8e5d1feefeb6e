import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { smtpListener } from '../../../../tests/helpers/smtp';
import { adminApi } from '../../../contract/admin';
import { authApi } from '../../../contract/auth';
import { appContext } from '../../app';
import { mailOutbox } from '../../db/schema';
import { sendingOn } from '../notifications/sending';
import { deliverDueMail, MAX_ATTEMPTS, smtpTransport } from './deliver';
import { queueMail } from './outbox';

async function closedPort() {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('mail', () => {
  it('delivers queued mail over SMTP once, and marks it sent', async () => {
    const t = await buildTestApp();
    const smtp = await smtpListener();
    await queueMail(t.db, { to: 'winner@example.com', subject: 'You won!', text: 'Well done' });
    const transport = smtpTransport(smtp.url);
    expect(await deliverDueMail(t.db, t.clock, transport, 'PrizeDraw <no-reply@example.com>')).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(await deliverDueMail(t.db, t.clock, transport, 'x@example.com')).toEqual({ sent: 0, failed: 0 });
    transport.close();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'no-reply@example.com', to: ['winner@example.com'] });
    expect(smtp.received[0]!.body).toContain('Subject: You won!');
    const [row] = await t.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries with growing waits when SMTP is down, then gives up', async () => {
    const t = await buildTestApp();
    await queueMail(t.db, { to: 'a@example.com', subject: 's', text: 't' });
    const transport = smtpTransport(`smtp://127.0.0.1:${await closedPort()}`);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueMail(t.db, t.clock, transport, 'x@example.com')).toEqual({ sent: 0, failed: 1 });
      // Not due again until its wait has passed.
      expect(await deliverDueMail(t.db, t.clock, transport, 'x@example.com')).toEqual({ sent: 0, failed: 0 });
      t.clock.advance(60_000 * 2 ** attempt);
    }
    transport.close();
    const [row] = await t.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
  });

  it('goes out over SMTP the moment it is queued, with no wait for the minute’s job', async () => {
    const smtp = await smtpListener();
    const t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
    const ctx = appContext({ config: t.config, database: t.database, clock: t.clock });
    const sending = await sendingOn(ctx, { error() {} });
    try {
      const res = await inject(t, authApi.passwordReset, { body: { email: (await createUser(t.db)).email } });
      expect(res.statusCode).toBe(200);
      await expect.poll(() => smtp.received.length, { timeout: 5_000 }).toBe(1);
      expect(smtp.received[0]!.body).toContain('Subject: Reset your PrizeDraw password');
      const [row] = await t.db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await sending.stop();
      await ctx.live.stop();
    }
  });

  it('queues a test email for admins only and shows it in the outbox', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    const send = (headers: Record<string, string>, body: { email: string }) =>
      inject(t, adminApi.testEmail, { headers, body });

    expect((await send(member, { email: 'a@example.com' })).statusCode).toBe(403);
    expect((await send(admin, { email: '' })).statusCode).toBe(400);
    const res = await send(admin, { email: 'Ops@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.data().message).toBe(
      'No SMTP_URL is set: the test email for ops@example.com is in the outbox',
    );
    const outbox = (await inject(t, adminApi.outbox, { headers: admin })).data().mails;
    expect(outbox).toEqual([
      expect.objectContaining({ to: 'ops@example.com', subject: 'PrizeDraw test email', status: 'pending' }),
    ]);
    expect((await inject(t, adminApi.outbox, { headers: member })).statusCode).toBe(403);
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ops@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('says whether mail is going out: configured or not, the last day’s mail by where it stands, the last error', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'admin' })).id);
    const health = async () => (await inject(t, adminApi.mailHealth, { headers: admin })).data();
    expect(await health()).toEqual({
      configured: false,
      last24h: { waiting: 0, sent: 0, failed: 0 },
      lastError: null,
    });

    const smtp = await smtpListener();
    const good = smtpTransport(smtp.url);
    await queueMail(t.db, { to: 'a@example.com', subject: 'Sent one', text: 't' });
    await deliverDueMail(t.db, t.clock, good, 'x@example.com');
    good.close();
    // Yesterday's mail is not in the day's counts.
    await t.db.execute(sql`update mail_outbox set created_at = now() - interval '25 hours'`);
    await queueMail(t.db, { to: 'b@example.com', subject: 'Bounced one', text: 't' });
    await queueMail(t.db, { to: 'c@example.com', subject: 'Waiting one', text: 't' });
    const down = smtpTransport(`smtp://127.0.0.1:${await closedPort()}`);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverDueMail(t.db, t.clock, down, 'x@example.com');
      t.clock.advance(60_000 * 2 ** attempt);
    }
    down.close();
    await queueMail(t.db, { to: 'd@example.com', subject: 'New one', text: 't' });

    const now = await health();
    expect(now.last24h).toEqual({ waiting: 1, sent: 0, failed: 2 });
    expect(now.lastError).toMatchObject({ subject: expect.stringMatching(/Bounced one|Waiting one/) });
    expect(now.lastError?.message).toMatch(/ECONNREFUSED/);
    expect(Date.parse(now.lastError!.at)).toBeLessThanOrEqual(t.clock.now().getTime());

    const configured = await buildTestApp({ env: { SMTP_URL: smtp.url } });
    const staff = await authHeader(configured.db, (await createUser(configured.db, { role: 'owner' })).id);
    expect((await inject(configured, adminApi.mailHealth, { headers: staff })).data().configured).toBe(true);
    // Support may not read it: it is the settings' permission.
    const support = await authHeader(t.db, (await createUser(t.db, { role: 'support' })).id);
    expect((await inject(t, adminApi.mailHealth, { headers: support })).statusCode).toBe(403);
  });
});
