import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject, named } from '../../../../tests/helpers/inject';
import { lastMailTo } from '../../../../tests/helpers/mail';
import { auditApi } from '../../../contract/audit';
import { contactApi } from '../../../contract/contact';
import { contactMessages, mailOutbox } from '../../db/schema';
import { notificationSenders } from '../notifications/sending';
import { listOf } from '../notifications/test-setup';

const message = {
  name: 'Ann',
  email: 'Ann@Example.com',
  subject: 'My prize',
  message: 'When will it arrive?',
};

describe(named(contactApi.send), () => {
  it('stores the message and answers with SPEC’s text', async () => {
    const t = await buildTestApp();
    const res = await inject(t, contactApi.send, { body: message });
    expect(res.statusCode).toBe(201);
    expect(res.data().message).toBe("Message sent! We'll get back to you soon.");
    const rows = await t.db.select().from(contactMessages);
    expect(rows).toEqual([expect.objectContaining({ ...message, email: 'ann@example.com' })]);
  });

  it.each(['name', 'email', 'subject', 'message'])(
    'answers 400 and stores nothing when %s is missing or blank',
    async (field) => {
      const t = await buildTestApp();
      for (const value of [undefined, '   ', 7]) {
        const res = await inject(t, contactApi.send, { body: { ...message, [field]: value } as never });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual(expect.any(String));
      }
      const [row] = await t.db.select({ n: count() }).from(contactMessages);
      expect(row!.n).toBe(0);
    },
  );

  it('answers 400 for extra fields, over-long text and control characters, 429 once one address sends too many', async () => {
    const t = await buildTestApp({ limits: { contact: { max: 3, timeWindow: 60_000 } } });
    const send = (body: object) => inject(t, contactApi.send, { body: body as never });
    expect((await send({ ...message, admin: true })).statusCode).toBe(400);
    expect((await send({ ...message, message: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await send({ ...message, subject: 'Hi\u0000there' })).statusCode).toBe(400);
    // The three refused above count towards the limit too: a flood of bad requests is still a flood.
    expect((await send(message)).statusCode).toBe(429);
  });
});

describe('the contact inbox', () => {
  it('links a message to the member whose verified address sent it, and no one else', async () => {
    const t = await buildTestApp();
    const headers = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const verified = await createUser(t.db, { username: 'Vera Verified' });
    const unverified = await createUser(t.db, { verified: false });
    for (const email of [verified.email, unverified.email])
      await inject(t, contactApi.send, { body: { ...message, email } });
    const { messages } = (await inject(t, contactApi.inbox, { headers })).data();
    const byEmail = Object.fromEntries(messages.map((m) => [m.email, m.member]));
    expect(byEmail).toEqual({
      [verified.email]: { _id: verified.id, username: 'Vera Verified' },
      [unverified.email]: null,
    });
  });

  it('lists messages newest first as open tickets, answers one by email, closes it and opens it again', async () => {
    const t = await buildTestApp();
    const admin = await createUser(t.db, { role: 'owner', username: 'Olive Ops' });
    const headers = await authHeader(t.db, admin.id);
    for (const subject of ['First', 'Second']) {
      await inject(t, contactApi.send, { body: { ...message, subject } });
      t.clock.advance(60_000);
    }
    const list = async (query: object = {}) =>
      (await inject(t, contactApi.inbox, { query: query as never, headers })).json();
    const { messages, open, nextCursor } = await list();
    expect([open, nextCursor]).toEqual([2, null]);
    const [second, first] = messages;
    expect(second).toMatchObject({
      subject: 'Second',
      email: 'ann@example.com',
      status: 'open',
      member: null,
      replies: [],
    });
    expect(first.subject).toBe('First');

    const reply = (id: string, body: object) =>
      inject(t, contactApi.reply, { params: { id }, headers, body: body as never });
    const answered = await reply(first._id, { message: 'It is on its way: tracking number 123.' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().message).toMatchObject({
      _id: first._id,
      status: 'answered',
      replies: [
        {
          body: 'It is on its way: tracking number 123.',
          at: t.clock.now().toISOString(),
          admin: { _id: admin.id, username: 'Olive Ops' },
        },
      ],
    });
    const mail = await lastMailTo(t.db, 'ann@example.com');
    expect(mail).toMatchObject({ subject: 'Re: First' });
    expect(mail!.text).toContain('It is on its way: tracking number 123.');
    expect(mail!.text).toContain('/terms#complaints');
    expect((await list()).open).toBe(1);
    expect((await list({ status: 'answered' })).messages.map((m: { _id: string }) => m._id)).toEqual([
      first._id,
    ]);

    const mark = (id: string, body: unknown) =>
      inject(t, contactApi.setStatus, { params: { id }, headers, body: body as never });
    expect((await mark(first._id, { status: 'closed' })).json().message.status).toBe('closed');
    expect((await mark(first._id, { status: 'open' })).json().message).toMatchObject({
      status: 'open',
      replies: [expect.objectContaining({ body: 'It is on its way: tracking number 123.' })],
    });
    const actions = (await inject(t, auditApi.list, { headers })).data().events.map((e) => e.action);
    expect(actions).toEqual(['message.status', 'message.status', 'message.reply']);

    expect((await mark(first._id, { status: 'done' })).statusCode).toBe(400);
    expect((await mark(first._id, { handled: true })).statusCode).toBe(400);
    expect((await reply(first._id, { message: '   ' })).statusCode).toBe(400);
    expect((await list({ status: 'maybe' })).error).toMatch(/status must be/);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await mark(id, { status: 'closed' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('Message not found');
      expect((await reply(id, { message: 'Hello there' })).statusCode).toBe(404);
    }
  });

  it('is for admins only: 401 for visitors, 403 for members', async () => {
    const t = await buildTestApp();
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    expect((await inject(t, contactApi.inbox)).statusCode).toBe(401);
    const res = await inject(t, contactApi.inbox, { headers: member });
    expect(res.statusCode).toBe(403);
    expect(JSON.stringify(res.json())).not.toContain('ann@example.com');
  });
});

describe('the inbox, when it is long', () => {
  it('pages every message, newest first, with the count of open ones', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const start = t.clock.now().getTime();
    await t.db.insert(contactMessages).values(
      Array.from({ length: 120 }, (_, i) => ({
        ...message,
        subject: `Message ${i}`,
        createdAt: new Date(start + i * 1000),
        status: i === 0 ? ('open' as const) : ('closed' as const),
      })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const res = (await inject(t, contactApi.inbox, { query: { cursor }, headers: admin })).data();
      expect(res.open).toBe(1);
      seen.push(...res.messages.map((m) => m.subject));
      if (!res.nextCursor) break;
      cursor = res.nextCursor;
    }
    expect(seen).toHaveLength(120);
    expect(seen[0]).toBe('Message 119');
    expect(seen.at(-1)).toBe('Message 0');
  });
});

describe(named(contactApi.promoter), () => {
  it('names no promoter until PROMOTER_NAME and PROMOTER_ADDRESS are set, then those', async () => {
    const unset = await inject(await buildTestApp(), contactApi.promoter, {});
    expect(unset.statusCode).toBe(200);
    expect(unset.data()).toEqual({ name: null, address: null });

    const env = { PROMOTER_NAME: 'PrizeDraw Ltd', PROMOTER_ADDRESS: '1 High Street, Leeds, LS1 1AA' };
    const set = await inject(await buildTestApp({ env }), contactApi.promoter, {});
    expect(set.data()).toEqual({ name: 'PrizeDraw Ltd', address: '1 High Street, Leeds, LS1 1AA' });
  });
});

describe(named(contactApi.mine), () => {
  it('shows a member the messages from their verified address and our replies, and tells them of a reply by bell and push, not a second email', async () => {
    const t = await buildTestApp();
    const owner = await createUser(t.db, { role: 'owner', username: 'Olive Ops' });
    const staff = await authHeader(t.db, owner.id);
    const member = await createUser(t.db);
    const headers = await authHeader(t.db, member.id);
    const someoneElse = await createUser(t.db);
    for (const [email, subject] of [
      [member.email.toUpperCase(), 'Where is my prize?'],
      [someoneElse.email, 'Not yours'],
      [member.email, 'A second question'],
    ] as const) {
      await inject(t, contactApi.send, { body: { ...message, email, subject } });
      t.clock.advance(60_000);
    }
    const mine = async (query: object = {}) =>
      (await inject(t, contactApi.mine, { headers, query: query as never })).data();
    const before = await mine();
    expect(before.verified).toBe(true);
    expect(before.messages.map((m) => [m.subject, m.status, m.replies])).toEqual([
      ['A second question', 'open', []],
      ['Where is my prize?', 'open', []],
    ]);

    const first = before.messages[1]!;
    const replied = await inject(t, contactApi.reply, {
      params: { id: first._id },
      headers: staff,
      body: { message: 'It is on its way.' },
    });
    expect(replied.statusCode).toBe(200);
    const after = await mine();
    expect(after.messages[1]).toEqual({
      ...first,
      status: 'answered',
      replies: [{ _id: expect.any(String), body: 'It is on its way.', at: t.clock.now().toISOString() }],
    });

    const { notifications } = await listOf(t, headers);
    expect(notifications).toEqual([
      expect.objectContaining({
        type: 'message_reply',
        title: 'We replied to your message',
        body: 'Our answer to “Where is my prize?” is in My messages, and in your email.',
        link: '/messages',
      }),
    ]);
    await notificationSenders(t.ctx).dispatch();
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, member.email));
    expect(mails.map((m) => m.subject)).toEqual(['Re: Where is my prize?']);

    // Paged, newest first.
    const page1 = await mine({ limit: 1 });
    expect(page1.messages.map((m) => m.subject)).toEqual(['A second question']);
    const page2 = await mine({ limit: 1, cursor: page1.nextCursor });
    expect([page2.messages.map((m) => m.subject), page2.nextCursor]).toEqual([['Where is my prize?'], null]);
  });

  it('shows a member what they sent signed in before they verify, not what anyone sent from their address', async () => {
    const t = await buildTestApp();
    const unverified = await createUser(t.db, { verified: false });
    await inject(t, contactApi.send, { body: { ...message, email: unverified.email } });
    const headers = await authHeader(t.db, unverified.id);
    expect((await inject(t, contactApi.mine, { headers })).data()).toEqual({
      messages: [],
      nextCursor: null,
      verified: false,
    });
    const sent = await inject(t, contactApi.send, {
      headers,
      body: { ...message, email: unverified.email, subject: 'Signed in' },
    });
    expect(sent.statusCode).toBe(201);
    const mine = (await inject(t, contactApi.mine, { headers })).data();
    expect(mine.messages.map((m) => m.subject)).toEqual(['Signed in']);
    expect(mine.verified).toBe(false);
    expect((await inject(t, contactApi.mine, {})).statusCode).toBe(401);
    for (const query of [{ limit: 0 }, { limit: 'many' }, { cursor: 'not-a-cursor' }, { extra: 1 }]) {
      const bad = await inject(t, contactApi.mine, { headers, query: query as never });
      expect([query, bad.statusCode]).toEqual([query, 400]);
    }
  });
});
