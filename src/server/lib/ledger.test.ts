import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/factories';
import { buildTestApp } from '../../../tests/helpers/app';
import type { Db } from '../db/client';
import { ledgerEntries, users } from '../db/schema';
import { credit, debit } from './ledger';

const at = new Date('2026-11-20T12:00:00Z');

/** Every user's cached balances against the sums of their ledger rows. */
async function ledgerMismatches(db: Db) {
  const result = (await db.execute(sql`
    select u.id, u.available_entries, u.cash_pence,
           coalesce(sum(l.amount) filter (where l.account = 'entries'), 0)::int as entries_sum,
           coalesce(sum(l.amount) filter (where l.account = 'cash'), 0)::int as cash_sum
    from users u left join ledger_entries l on l.user_id = u.id
    group by u.id
    having u.available_entries <> coalesce(sum(l.amount) filter (where l.account = 'entries'), 0)
        or u.cash_pence <> coalesce(sum(l.amount) filter (where l.account = 'cash'), 0)`)) as {
    rows: unknown[];
  };
  return result.rows;
}

describe('ledger', () => {
  it('keeps every balance equal to its ledger sum and never below zero under concurrent credits and debits', async () => {
    const { db } = await buildTestApp();
    const people = await Promise.all(Array.from({ length: 4 }, () => createUser(db, { entries: 20 })));
    const outcomes = { credited: 0, debited: 0, refused: 0 };

    // 4 users × 60 operations, all in flight at once; debits outnumber credits so many must be refused.
    const ops = people.flatMap((user, u) =>
      Array.from({ length: 60 }, (_, i) => {
        const key = `op:${u}:${i}`;
        if (i % 3 === 0) {
          return credit(db, {
            userId: user.id,
            amount: 2,
            reason: 'admin_adjustment',
            at,
            idempotencyKey: key,
          }).then(() => {
            outcomes.credited++;
          });
        }
        return debit(db, {
          userId: user.id,
          amount: 3,
          reason: 'admin_adjustment',
          at,
          idempotencyKey: key,
        }).then(
          () => void outcomes.debited++,
          (err) => {
            expect(err.message).toBe('Insufficient entries');
            outcomes.refused++;
          },
        );
      }),
    );
    await Promise.all(ops);

    expect(outcomes.credited).toBe(80);
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(await ledgerMismatches(db)).toEqual([]);
    const balances = await db
      .select({ available: users.availableEntries, total: users.totalEntries })
      .from(users);
    for (const b of balances) {
      expect(b.available).toBeGreaterThanOrEqual(0);
      expect(b.total).toBe(20 + 20 * 2);
    }
    // Nothing was spent that was not there: 4 × (20 + 40) in, 3 per successful debit out.
    const left = balances.reduce((s, b) => s + b.available, 0);
    expect(left).toBe(4 * 60 - 3 * outcomes.debited);
  });

  it('applies an idempotency key once, even when the same change arrives many times at once', async () => {
    const { db } = await buildTestApp();
    const user = await createUser(db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        credit(db, { userId: user.id, amount: 50, reason: 'admin_adjustment', at, idempotencyKey: 'once' }),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(results.every((r) => r.balance === 50)).toBe(true);
    const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses an overdraft without writing a ledger row, unless the debit allows going negative', async () => {
    const { db } = await buildTestApp();
    const user = await createUser(db, { entries: 5 });
    await expect(
      debit(db, { userId: user.id, amount: 6, reason: 'prize_entry', at, idempotencyKey: 'too-much' }),
    ).rejects.toThrow('Insufficient entries');
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, 'too-much'))).toEqual(
      [],
    );

    const reversal = await debit(db, {
      userId: user.id,
      amount: 8,
      reason: 'offer_reversal',
      at,
      idempotencyKey: 'rev',
      allowNegative: true,
    });
    expect(reversal.balance).toBe(-3);
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('keeps cash apart from entries and refunds do not count as entries earned', async () => {
    const { db } = await buildTestApp();
    const user = await createUser(db, { entries: 10 });
    await credit(db, {
      userId: user.id,
      amount: 500,
      reason: 'wheel',
      at,
      idempotencyKey: 'cash',
      account: 'cash',
    });
    await debit(db, { userId: user.id, amount: 4, reason: 'prize_entry', at, idempotencyKey: 'spend' });
    await credit(db, {
      userId: user.id,
      amount: 4,
      reason: 'prize_cancelled_refund',
      at,
      idempotencyKey: 'refund',
      earned: false,
    });
    await expect(
      debit(db, {
        userId: user.id,
        amount: 501,
        reason: 'withdrawal',
        at,
        idempotencyKey: 'w',
        account: 'cash',
      }),
    ).rejects.toThrow('Insufficient balance');
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ availableEntries: 10, totalEntries: 10, cashPence: 500 });
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('leaves nothing half done inside a caller’s transaction: a refused debit writes nothing, a replayed one takes once', async () => {
    const { db } = await buildTestApp();
    const user = await createUser(db, { entries: 10 });
    const spend = (amount: number, idempotencyKey: string) =>
      debit(db, { userId: user.id, amount, reason: 'prize_entry', at, idempotencyKey });
    await db.transaction(async (tx) => {
      const inTx = (amount: number, idempotencyKey: string) =>
        debit(tx, { userId: user.id, amount, reason: 'prize_entry', at, idempotencyKey });
      // The caller carries on after a refusal, and what it commits holds no trace of it.
      await expect(inTx(11, 'refused')).rejects.toThrow('Insufficient entries');
      expect(await inTx(4, 'twice')).toEqual({ applied: true, balance: 6 });
      expect(await inTx(4, 'twice')).toEqual({ applied: false, balance: 6 });
    });
    expect(await spend(4, 'twice')).toEqual({ applied: false, balance: 6 });
    await expect(
      debit(db, {
        userId: '00000000-0000-4000-8000-000000000000',
        amount: 1,
        reason: 'admin_adjustment',
        at,
        idempotencyKey: 'nobody',
      }),
    ).rejects.toThrow('User not found');
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.availableEntries).toBe(6);
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, 'refused'))).toEqual(
      [],
    );
    // A repeat is answered as applied before even once the balance could no longer cover it.
    expect(await spend(6, 'the rest')).toEqual({ applied: true, balance: 0 });
    expect(await spend(4, 'twice')).toEqual({ applied: false, balance: 0 });
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('rolls the ledger row back with the transaction it was written in', async () => {
    const { db } = await buildTestApp();
    const user = await createUser(db, { entries: 10 });
    await expect(
      db.transaction(async (tx) => {
        await debit(tx, {
          userId: user.id,
          amount: 4,
          reason: 'prize_entry',
          at,
          idempotencyKey: 'rolled-back',
        });
        throw new Error('the rest of the work failed');
      }),
    ).rejects.toThrow('the rest of the work failed');
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.availableEntries).toBe(10);
    expect(await ledgerMismatches(db)).toEqual([]);
  });
});

describe('ledger history', () => {
  it('refuses to change or delete a ledger row, and a user with history cannot be deleted', async () => {
    const { db } = await buildTestApp();
    const user = await createUser(db, { entries: 5 });
    await expect(db.update(ledgerEntries).set({ amount: 500 })).rejects.toThrow();
    await expect(db.delete(ledgerEntries)).rejects.toThrow();
    await expect(db.delete(users).where(eq(users.id, user.id))).rejects.toThrow();
    const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
    expect(rows.map((r) => r.amount)).toEqual([5]);
  });

  it('answers 404 for an unknown user and refuses an idempotency key reused for a different change', async () => {
    const { db } = await buildTestApp();
    const user = await createUser(db);
    await expect(
      credit(db, {
        userId: '00000000-0000-4000-8000-000000000000',
        amount: 1,
        reason: 'admin_adjustment',
        at,
        idempotencyKey: 'ghost',
      }),
    ).rejects.toMatchObject({ status: 404 });
    await credit(db, { userId: user.id, amount: 5, reason: 'admin_adjustment', at, idempotencyKey: 'k' });
    await expect(
      credit(db, { userId: user.id, amount: 6, reason: 'admin_adjustment', at, idempotencyKey: 'k' }),
    ).rejects.toThrow(/reused/);
  });
});
