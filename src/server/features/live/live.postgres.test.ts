import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { authHeader, createUser } from '../../../../tests/factories';
import { buildTestApp } from '../../../../tests/helpers/app';
import { offerWallEnv, postback, signedPostback } from '../../../../tests/helpers/offers';
import { openEvents } from '../../../../tests/support/event-stream';
import { buildApp } from '../../app';
import { fromPostgres } from '../../db/client';

const closing: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** Two instances of the site on one PostgreSQL database, as behind a load balancer. */
async function twoInstances() {
  const t = await buildTestApp({ env: offerWallEnv });
  const { url } = t.database.raw as { url: string };
  const database = fromPostgres(url);
  const second = await buildApp({
    config: t.config,
    database,
    clock: t.clock,
    logger: false,
    publicCacheMs: 0,
  });
  closing.push(
    () => database.close(),
    () => second.close(),
  );
  await second.listen({ port: 0, host: '127.0.0.1' });
  const { port } = second.server.address() as { port: number };
  return { t, databaseUrl: url, secondUrl: `http://127.0.0.1:${port}` };
}

describe('live events across instances (PostgreSQL)', () => {
  it('reach a member connected to one instance when an offer postback lands on another', async () => {
    const { t, secondUrl } = await twoInstances();
    const member = await createUser(t.db);
    const stream = await openEvents(secondUrl, await authHeader(t.db, member.id));
    closing.push(() => stream.close());
    await stream.next('unread');

    const started = Date.now();
    const res = await postback(
      t,
      signedPostback({ user_id: member.id, transaction_id: 'tx-live', amount: '40', status: '1' }),
    );
    expect(res.statusCode).toBe(200);
    expect((await stream.next('balance')).data).toEqual({ availableEntries: 40, totalEntries: 40, cash: 0 });
    expect((await stream.next('notification')).data).toMatchObject({
      notification: { type: 'offer_credited', title: '+40 entries from an offer' },
      unread: 1,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('tell open pages to read afresh when the listening connection was lost, and keep delivering after', async () => {
    const { t, databaseUrl, secondUrl } = await twoInstances();
    const member = await createUser(t.db);
    const stream = await openEvents(secondUrl, await authHeader(t.db, member.id));
    closing.push(() => stream.close());
    await stream.next('unread');

    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    closing.push(() => admin.end());
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query like 'LISTEN%'`,
    );
    expect(rowCount).toBe(1);
    await stream.next('resync');
    await postback(
      t,
      signedPostback({ user_id: member.id, transaction_id: 'tx-after', amount: '5', status: '1' }),
    );
    expect((await stream.next('balance')).data).toMatchObject({ availableEntries: 5 });
  });
});
