import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { emptyDatabase } from '../../../tests/helpers/db';
import { migrateWith, migrationsBefore } from '../../../tests/helpers/migrations';
import { migrationsFolder } from './migrate';
import { users } from './schema';

// Every migration runs twice from an empty database: slower than a test of the app.
describe('migration 0051', () => {
  it('gives each member experience: entries earned less the corrections total_entries counted, never below 0', async () => {
    const open = await emptyDatabase();
    onTestFinished(() => open.close());
    const { db } = open;
    await migrateWith(open, migrationsBefore('0051_staff_lifecycle'));
    // As the ledger left them: total_entries counts every credit earned, corrections included (0041).
    await db.execute(sql`
      insert into users (username, email, referral_code, total_entries) values
        ('Earned and corrected', 'a@example.com', 'AAAAAAAA', 1600),
        ('Corrected only', 'b@example.com', 'BBBBBBBB', 50),
        ('Earned only', 'c@example.com', 'CCCCCCCC', 30),
        ('Nothing yet', 'd@example.com', 'DDDDDDDD', 0)`);
    await db.execute(sql`
      insert into ledger_entries (user_id, account, amount, reason, idempotency_key)
      select u.id, r.account, r.amount, r.reason, u.email || r.key
        from users u join (values
          ('a@example.com', 'entries', 100, 'task', ':task'),
          ('a@example.com', 'entries', 1500, 'admin_adjustment', ':plus'),
          ('a@example.com', 'entries', -200, 'admin_adjustment', ':minus'),
          ('a@example.com', 'cash', 900, 'admin_adjustment', ':cash'),
          ('b@example.com', 'entries', 50, 'admin_adjustment', ':plus'),
          ('c@example.com', 'entries', 30, 'offer', ':offer')
        ) as r(email, account, amount, reason, key) on r.email = u.email`);

    await migrateWith(open, migrationsFolder);

    const rows = await db
      .select({ username: users.username, total: users.totalEntries, experience: users.experience })
      .from(users)
      .orderBy(users.email);
    expect(rows).toEqual([
      { username: 'Earned and corrected', total: 1600, experience: 100 },
      { username: 'Corrected only', total: 50, experience: 0 },
      { username: 'Earned only', total: 30, experience: 30 },
      { username: 'Nothing yet', total: 0, experience: 0 },
    ]);
  }, 60_000);
});
