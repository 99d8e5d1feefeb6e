import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { prizesApi } from '../../../contract/prizes-api';
import { rowsOf } from '../../db/client';
import { prizeEntries, users } from '../../db/schema';

describe('one member entering many prizes at once', () => {
  it('answers every entry within seconds, each spent once, the ledger equal to the balance', async () => {
    const t = await buildTestApp();
    const member = await createUser(t.db, { entries: 100 });
    const auth = await authHeader(t.db, member.id);
    const prizes = [];
    for (let i = 0; i < 30; i++) prizes.push(await createPrize(t.db, t.clock.now(), { entryCost: 2 }));

    // A new member's first entries each unlock achievements: the entry insert, the debit and the
    // achievements' lock all reach the member's row, which must not deadlock across 30 transactions.
    const started = Date.now();
    const answers = await Promise.all(
      prizes.map((p) =>
        inject(t, prizesApi.enter, { params: { id: p.id }, headers: auth, body: { entries: 1 } }),
      ),
    );
    const tookMs = Date.now() - started;
    expect(answers.map((a) => a.statusCode)).toEqual(prizes.map(() => 200));
    // Each request waits for the ones before it on the member's row, never for a lock timeout or a deadlock.
    expect(tookMs).toBeLessThan(20_000);

    const held = await t.db.select().from(prizeEntries).where(eq(prizeEntries.userId, member.id));
    expect(held.map((h) => h.entries)).toEqual(prizes.map(() => 1));
    const [after] = await t.db.select().from(users).where(eq(users.id, member.id));
    const [ledger] = await rowsOf<{ entries: number }>(
      t.db,
      sql`select coalesce(sum(amount), 0)::int as entries from ledger_entries
          where user_id = ${member.id} and account = 'entries'`,
    );
    expect(after!.availableEntries).toBe(ledger!.entries);
    const spent = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_entries where user_id = ${member.id} and reason = 'prize_entry'`,
    );
    expect(spent[0]!.n).toBe(30);
    expect(after!.availableEntries).toBeGreaterThanOrEqual(100 - 60);
  });
});
