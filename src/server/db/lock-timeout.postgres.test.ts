import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../tests/factories';
import { buildTestApp } from '../../../tests/helpers/app';
import { inject } from '../../../tests/helpers/inject';
import { prizesApi } from '../../contract/prizes-api';
import { LOCK_TIMEOUT_MS } from './client';
import { users } from './schema';

describe('a lock held elsewhere (PostgreSQL)', () => {
  it('makes a request wait at most the lock timeout, then answer 503 busy, writing nothing', async () => {
    const t = await buildTestApp();
    const member = await createUser(t.db, { entries: 10 });
    const prize = await createPrize(t.db, t.clock.now());
    const headers = await authHeader(t.db, member.id);
    const holder = new pg.Client({ connectionString: (t.database.raw as { url: string }).url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from users where id = $1 for no key update', [member.id]);
      const started = Date.now();
      const answer = await inject(t, prizesApi.enter, {
        params: { id: prize.id },
        headers,
        body: { entries: 1 },
      });
      const waited = Date.now() - started;
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ code: 'busy' });
      expect(waited).toBeGreaterThanOrEqual(LOCK_TIMEOUT_MS - 100);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const [after] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(after!.availableEntries).toBe(10);
  });
});
