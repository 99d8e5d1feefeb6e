import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createUser, seasonAccount } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { csvLines } from '../../../../tests/helpers/csv';
import { inject } from '../../../../tests/helpers/inject';
import { closedPrize, draw, FRIDAY_EVENING } from '../../../../tests/helpers/prizes';
import { auditApi } from '../../../contract/audit';
import { cashApi, cashExportsApi } from '../../../contract/cash';
import type { EndpointSpec, Input } from '../../../contract/endpoint';
import { membersApi } from '../../../contract/members-api';
import { usersApi } from '../../../contract/users';
import { winsApi } from '../../../contract/wins';
import { wins } from '../../db/schema';
import { credit } from '../../lib/ledger';

const csv = async <E extends EndpointSpec>(
  t: TestApp,
  spec: E,
  input: Input<E> & { headers: Record<string, string> },
) => {
  const res = await inject(t, spec, input);
  expect(res.statusCode, spec.path).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return csvLines(res).filter(Boolean);
};

describe('CSV exports', () => {
  it('stream every winner with their delivery details, and every withdrawal, safe to open in a spreadsheet', async () => {
    const t = await buildTestApp();
    t.clock.set(FRIDAY_EVENING);
    const { prize, admin } = await closedPrize(t, { totalWinners: 2 });
    await draw(t, prize.id, admin);
    // A cash prize's winner says how to be paid (what a claim stores).
    await t.db
      .update(wins)
      .set({
        claimedAt: t.clock.now(),
        deliveryDetails: JSON.stringify({
          fullName: 'Ann Smith',
          dateOfBirth: '1990-05-01',
          payout: { method: 'paypal', paypalEmail: 'ann@example.com' },
        }),
      })
      .where(and(eq(wins.prizeId, prize.id), eq(wins.position, 1)));
    const [winnerHead, ...winners] = await csv(t, winsApi.csv, { headers: admin });
    expect(winnerHead).toBe(
      'drawn_at,prize_id,prize,value,place,member_id,username,email,notified,claimed_at,forfeit_reason,full_name,address,postcode,phone,payout',
    );
    expect(winners).toHaveLength(2);
    expect(winners[0]).toContain(`,${prize.id},${prize.title},100,1,`);
    expect(winners[0]).toMatch(/,Ann Smith,,,,PayPal ann@example\.com$/);
    expect(winners[0]).not.toContain('1990');

    const member = await createUser(t.db, { username: '=cmd|" /C calc"!A0' });
    await seasonAccount(t.db, member.id, t.clock.now(), 900);
    const res = await inject(t, cashApi.requestWithdrawal, {
      headers: await authHeader(t.db, member.id),
      body: {
        method: 'bank',
        amount: 6.5,
        sortCode: '12-34-56',
        accountNumber: '12345678',
        accountName: '@Ann',
      },
    });
    expect(res.statusCode).toBe(201);
    const [head, row] = await csv(t, cashExportsApi.withdrawals, { headers: admin });
    expect(head).toBe(
      'id,requested_at,member_id,username,email,amount,method,paypal_email,sort_code,account_number,account_name,status,settled_at,settled_by,payment_reference',
    );
    // Cells a spreadsheet would run start with an apostrophe; numbers stay numbers.
    expect(row).toContain(`,"'=cmd|"" /C calc""!A0",`);
    expect(row).toContain(",6.5,bank,,123456,12345678,'@Ann,pending,");
    expect(
      await csv(t, cashExportsApi.withdrawals, { query: { status: 'paid' }, headers: admin }),
    ).toHaveLength(1);
    const lost = await inject(t, cashExportsApi.withdrawals, {
      query: { status: 'lost' as never },
      headers: admin,
    });
    expect(lost.statusCode).toBe(400);
  });

  it('quote a cell holding a bare line break, so an RFC 4180 parser reads every record whole', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const member = await createUser(t.db, { username: 'Ann\nSmith, "Jr"\rthe second' });
    await seasonAccount(t.db, member.id, t.clock.now(), 900);
    const res = await inject(t, cashApi.requestWithdrawal, {
      headers: await authHeader(t.db, member.id),
      body: { method: 'paypal', amount: 6, paypalEmail: 'ann@example.com' },
    });
    expect(res.statusCode).toBe(201);
    const file = await inject(t, cashExportsApi.withdrawals, { headers: admin });
    const records: string[][] = parse(csvLines(file).join('\r\n'), { relax_column_count: true });
    expect(records.map((r) => r.length)).toEqual([15, 15]);
    expect(records[1]![3]).toBe('Ann\nSmith, "Jr"\rthe second');
  });

  it('refuse a filter the database cannot take before anything is sent', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    for (const res of [
      await inject(t, auditApi.csv, { query: { targetId: '\u0000' }, headers: admin }),
      await inject(t, auditApi.list, { query: { targetId: 'a\u0000b' }, headers: admin }),
    ]) {
      expect([res.statusCode, res.json().error]).toEqual([
        400,
        'targetId has characters that are not allowed (querystring)',
      ]);
    }
  });

  it('page through more rows than one read holds', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const member = await createUser(t.db);
    for (let i = 0; i < 1203; i++)
      await credit(t.db, {
        userId: member.id,
        amount: 1,
        reason: 'task',
        idempotencyKey: `k${i}`,
        at: new Date(t.clock.now().getTime() + i),
      });
    const res = await inject(t, membersApi.ledgerCsv, { params: { id: member.id }, headers: admin });
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 1203);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(1203);
  });
});

describe("a member's own history", () => {
  it('shows each change to their entries newest first in pages, with an admin correction and its reason', async () => {
    const t = await buildTestApp();
    const admin = await authHeader(t.db, (await createUser(t.db, { role: 'owner' })).id);
    const member = await createUser(t.db, { entries: 20 });
    const headers = await authHeader(t.db, member.id);
    for (let i = 0; i < 52; i++)
      await credit(t.db, {
        userId: member.id,
        amount: 1,
        reason: 'task',
        idempotencyKey: `h${i}`,
        at: new Date(t.clock.now().getTime() + i * 1000),
      });
    t.clock.advance(60_000);
    await inject(t, membersApi.adjust, {
      params: { id: member.id },
      headers: admin,
      body: { account: 'entries', amount: -3, reason: 'Duplicate survey credit' },
    });
    const first = (await inject(t, usersApi.history, { headers })).data();
    expect(first.entries[0]).toEqual({
      _id: expect.any(String),
      amount: -3,
      reason: 'admin_adjustment',
      note: 'Duplicate survey credit',
      at: t.clock.now().toISOString(),
      reversibleUntil: null,
    });
    expect(first.entries[1]).toMatchObject({ reason: 'task', note: null });
    const second = (
      await inject(t, usersApi.history, { query: { cursor: first.nextCursor! }, headers })
    ).data();
    expect([first.entries.length, second.entries.length, second.nextCursor]).toEqual([50, 4, null]);
    expect((await inject(t, usersApi.history)).statusCode).toBe(401);
    expect((await inject(t, usersApi.history, { query: { cursor: 'bad' }, headers })).statusCode).toBe(400);
  });
});
