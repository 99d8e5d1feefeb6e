import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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
