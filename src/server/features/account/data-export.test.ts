import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { accountApi, exportResponse } from '../../../contract/account';
import { contactApi } from '../../../contract/contact';
import { prizesApi } from '../../../contract/prizes-api';
import { ledgerEntries, users } from '../../db/schema';
import { EXPORT_PAGE } from './export-paging';
import { signUp } from './test-setup';

describe('data export', () => {
  it('downloads everything held about the user as JSON, without secrets', async () => {
    const t = await buildTestApp();
    const { body, user, headers } = await signUp(t);
    // Sent signed in, it is theirs before they verify; one from their address signed out is not.
    await inject(t, contactApi.send, {
      headers,
      body: { name: 'Ann', email: body.email, subject: 'Hello', message: 'A question' },
    });
    await inject(t, contactApi.send, {
      body: { name: 'Ann', email: body.email, subject: 'Anyone', message: 'Not surely theirs' },
    });
    const prize = await createPrize(t.db, t.clock.now());
    await inject(t, prizesApi.enter, { params: { id: prize.id }, headers, body: { entries: 3 } });

    const before = (await inject(t, accountApi.export, { headers })).data();
    expect(before.contactMessages).toEqual([expect.objectContaining({ subject: 'Hello' })]);
    await t.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, user._id));
    const res = await inject(t, accountApi.export, { headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="prizedraw-my-data-2026-11-20.json"',
    );
    const data = res.data();
    expect(data.account).toMatchObject({ _id: user._id, email: body.email, signsInWith: ['password'] });
    expect(data.ledger.map((l) => l.reason)).toEqual([
      'welcome_bonus',
      'achievement',
      'prize_entry',
      'achievement',
    ]);
    expect(data.prizeEntries).toEqual([expect.objectContaining({ prizeId: prize.id, entries: 3 })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ subject: 'Hello' })]);
    expect(data.sessions).toHaveLength(1);
    expect(data.achievements.map((a) => a.achievement)).toEqual(['first_login', 'first_entry']);
    expect(data.mail.map((m) => m.subject)).toContain('Please verify your email address');
    expect(res.body).not.toMatch(/tokenHash|passwordHash|argon2/);
    // Streamed, it is still the contract's document, its parts in the contract's order.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(exportResponse.parse(JSON.parse(res.body)))).toEqual(
      Object.keys(exportResponse.shape),
    );
  });

  it('streams a history longer than a page: every row once, each balance oldest first', async () => {
    const t = await buildTestApp();
    const member = await createUser(t.db);
    const headers = await authHeader(t.db, member.id);
    const rows = 2 * EXPORT_PAGE + 5;
    // Rows three to a microsecond, so a page can end inside a tie.
    const base = t.clock.now().getTime() - rows * 1000;
    await t.db.insert(ledgerEntries).values(
      Array.from({ length: rows }, (_, i) => ({
        userId: member.id,
        account: i % 4 === 0 ? ('cash' as const) : ('entries' as const),
        amount: i + 1,
        reason: 'task' as const,
        idempotencyKey: `export:${i}`,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      })),
    );
    const res = await inject(t, accountApi.export, { headers });
    expect(res.statusCode).toBe(200);
    const ledger = res.data().ledger as Array<{ account: string; amount: number; createdAt: string }>;
    expect(ledger.map((l) => l.amount).sort((a, b) => a - b)).toEqual(
      Array.from({ length: rows }, (_, i) => i + 1),
    );
    const order = ledger.map((l) => `${l.account} ${l.createdAt}`);
    expect(order).toEqual([...order].sort());
  });
});
