import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { contactMessages } from '../../db/schema';

const message = {
  name: 'Ann',
  email: 'Ann@Example.com',
  subject: 'My prize',
  message: 'When will it arrive?',
};

describe('POST /api/contact', () => {
  it('stores the message and answers with SPEC’s text', async () => {
    const t = await buildTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Message sent! We'll get back to you soon.");
    const rows = await t.db.select().from(contactMessages);
    expect(rows).toEqual([expect.objectContaining({ ...message, email: 'ann@example.com' })]);
  });

  it.each(['name', 'email', 'subject', 'message'])(
    'answers 400 and stores nothing when %s is missing or blank',
    async (field) => {
      const t = await buildTestApp();
      for (const value of [undefined, '   ', 7]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { ...message, [field]: value },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual(expect.any(String));
      }
      const [row] = await t.db.select({ n: count() }).from(contactMessages);
      expect(row!.n).toBe(0);
    },
  );

  it('answers 400 for extra fields, over-long text and control characters, 429 once one address sends too many', async () => {
    const t = await buildTestApp({ limits: { contact: { max: 3, timeWindow: 60_000 } } });
    const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/contact', payload });
    expect((await send({ ...message, admin: true })).statusCode).toBe(400);
    expect((await send({ ...message, message: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await send({ ...message, subject: 'Hi\u0000there' })).statusCode).toBe(400);
    // The three refused above count towards the limit too: a flood of bad requests is still a flood.
    expect((await send(message)).statusCode).toBe(429);
  });
});

describe('the contact inbox', () => {
  it('lists messages newest first for admins and marks one handled, and back', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { isAdmin: true })).id);
    for (const subject of ['First', 'Second']) {
      await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...message, subject } });
      t.clock.advance(60_000);
    }
    const list = async () =>
      (await t.app.inject({ url: '/api/admin/contact-messages', headers: admin })).json().messages;
    const [second, first] = await list();
    expect(second).toMatchObject({ subject: 'Second', email: 'ann@example.com', handled: false });
    expect(first.subject).toBe('First');

    const mark = (id: string, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/contact-messages/${id}`,
        headers: admin,
        payload: payload as object,
      });
    const res = await mark(first._id, { handled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ _id: first._id, handled: true });
    expect((await list()).map((m: { handled: boolean }) => m.handled)).toEqual([false, true]);
    // Marking again keeps when it was first handled.
    t.clock.advance(60_000);
    await mark(first._id, { handled: true });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, first._id));
    expect(row!.handledAt).toEqual(new Date(t.clock.now().getTime() - 60_000));
    expect((await mark(first._id, { handled: false })).json().message.handled).toBe(false);

    expect((await mark(first._id, { handled: 'yes' })).statusCode).toBe(400);
    expect((await mark(first._id, {})).statusCode).toBe(400);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await mark(id, { handled: true });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('Message not found');
    }
  });

  it('is for admins only: 401 for visitors, 403 for members', async () => {
    const t = await buildTestApp();
    const member = await authHeader(t.db, (await createUser(t.db)).id);
    expect((await t.app.inject({ url: '/api/admin/contact-messages' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/admin/contact-messages', headers: member });
    expect(res.statusCode).toBe(403);
    expect(JSON.stringify(res.json())).not.toContain('ann@example.com');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/contact-messages/00000000-0000-4000-8000-000000000000',
      headers: member,
      payload: { handled: true },
    });
    expect(put.statusCode).toBe(403);
  });
});

describe('the inbox, when it is long', () => {
  it('shows every unanswered message however old, and the latest 100 answered ones', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { isAdmin: true })).id);
    const start = t.clock.now().getTime();
    await t.db.insert(contactMessages).values(
      Array.from({ length: 150 }, (_, i) => ({
        ...message,
        subject: `Message ${i}`,
        createdAt: new Date(start + i * 1000),
        // The oldest one is still waiting; of the rest, 149 were answered.
        handledAt: i === 0 ? null : new Date(start + 200_000),
      })),
    );
    const { messages } = (await t.app.inject({ url: '/api/admin/contact-messages', headers: admin })).json();
    expect(messages).toHaveLength(101);
    expect(messages[0].subject).toBe('Message 149');
    expect(messages.at(-1)).toMatchObject({ subject: 'Message 0', handled: false });
  });
});
