import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { authHeader, createPrize, createUser } from '../../../../tests/factories';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/app';
import { freshDatabase } from '../../../../tests/helpers/db';
import { apiPath, inject, rawInject } from '../../../../tests/helpers/inject';
import { OFFER_SECRET, signedPostback } from '../../../../tests/helpers/offers';
import { urlOf } from '../../../contract/endpoint';
import { gamificationApi } from '../../../contract/gamification';
import { offersApi } from '../../../contract/offer-walls';
import type { EnterBody } from '../../../contract/prizes';
import { prizesApi } from '../../../contract/prizes-api';
import { wheelApi } from '../../../contract/wheel';
import { appContext } from '../../app';
import { loadConfig } from '../../config';
import { prizes } from '../../db/schema';
import { registry } from '../metrics';
import { PUBLIC_CACHE_CONTROL, ReadCache } from './read-cache';

/**
 * The app listening on a port of its own, read over HTTP as a browser would:
 * through the server that answers kept reads before routing them (early-answers.ts).
 */
async function overHttp(t: TestApp) {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${address}${url}`, { headers });
    return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
  };
}

describe('public reads', () => {
  it('carry an ETag and Cache-Control, answer 304 to a client holding them, and are read afresh after a write', async () => {
    const t = await buildTestApp({ publicCacheMs: 60_000, env: { OFFERWALL_SECRET: OFFER_SECRET } });
    const get = await overHttp(t);
    const prize = await createPrize(t.db, t.clock.now());
    const user = await createUser(t.db, { entries: 10 });
    const auth = await authHeader(t.db, user.id);
    const title = async (id = prize.id) =>
      JSON.parse((await get(urlOf(prizesApi.prize, { params: { id } }))).body).prize.title;

    const urls = [
      urlOf(prizesApi.list),
      urlOf(prizesApi.prize, { params: { id: prize.id } }),
      urlOf(prizesApi.recentWinners),
      urlOf(prizesApi.winners),
      urlOf(gamificationApi.leaderboard, { query: { period: 'weekly' } }),
      urlOf(wheelApi.config),
    ];
    for (const url of urls) {
      const first = await get(url);
      expect(first.status, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      expect(first.headers['content-type'], url).toMatch(/^application\/json/);
      const etag = first.headers.etag!;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.status, url).toBe(304);
      expect(again.body, url).toBe('');
      // A proxy that compressed it holds a weak form; a client may send a list.
      for (const held of [`W/${etag}`, `"other", ${etag}`]) {
        expect((await get(url, { 'if-none-match': held })).status, held).toBe(304);
      }
      expect((await get(url, { 'if-none-match': '"other"' })).status).toBe(200);
    }

    // Kept: a change made behind the app's back is not seen until a write clears the cache.
    const before = await get(urlOf(prizesApi.prize, { params: { id: prize.id } }));
    await t.db.update(prizes).set({ title: 'Renamed quietly' }).where(eq(prizes.id, prize.id));
    expect(await title()).toBe(prize.title);
    // The same prize in capitals is the same answer, not another entry.
    expect(await title(prize.id.toUpperCase())).toBe(prize.title);

    // A write through the app clears it: the entry shows at once, under a new ETag.
    await inject(t, prizesApi.enter, { params: { id: prize.id }, headers: auth, body: { entries: 2 } });
    const after = await get(urlOf(prizesApi.prize, { params: { id: prize.id } }), {
      'if-none-match': before.headers.etag!,
    });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body).prize).toMatchObject({ title: 'Renamed quietly', totalEntries: 2 });

    // A refused write wrote nothing and clears nothing, so junk requests cannot keep the cache cold.
    await t.db.update(prizes).set({ title: 'Renamed once more' }).where(eq(prizes.id, prize.id));
    await inject(t, prizesApi.enter, { params: { id: prize.id }, headers: auth, body: {} as EnterBody });
    await rawInject(t, { method: 'POST', path: apiPath('/no-such-path') });
    expect(await title()).toBe('Renamed quietly');

    // A write clears the reads it may change, and only those: an offer postback, a GET that credits,
    // moves its member up the leaderboard at once, and leaves the prize as it was kept.
    const earned = async () =>
      JSON.parse((await get(urlOf(gamificationApi.leaderboard, { query: { period: 'weekly' } }))).body)
        .leaderboard[0].totalEntries;
    const earnedBefore = await earned();
    const p = signedPostback({ user_id: user.id, transaction_id: 'tx-cache', amount: '5', status: '1' });
    expect((await get(urlOf(offersApi.postbackGet, { query: p }))).status).toBe(200);
    expect(await earned()).toBe(earnedBefore + 5);
    expect(await title()).toBe('Renamed quietly');
  });

  it('are answered again before routing, with the very headers the route sent, and counted', async () => {
    // A cache that remembers two URLs at most, to see the limit.
    const database = await freshDatabase();
    onTestFinished(() => database.close());
    const ctx = appContext({ config: loadConfig({ LOG_LEVEL: 'silent' }), database });
    const t = await buildTestApp({ ctx: { ...ctx, publicCache: new ReadCache(60_000, { maxEntries: 2 }) } });
    let routed = 0;
    t.app.addHook('onRequest', (_request, _reply, done) => {
      routed++;
      done();
    });
    const get = await overHttp(t);
    const counted = async () => {
      const text = await registry.metrics();
      return [200, 304].map((status) => {
        const line = new RegExp(
          `_count\\{method="GET",route="${prizesApi.list.path}",status="${status}"\\} (\\d+)`,
        );
        return Number(line.exec(text)?.[1] ?? 0);
      });
    };
    const [ok, notModified] = await counted();

    const first = await get(urlOf(prizesApi.list));
    const again = await get(urlOf(prizesApi.list));
    expect(routed).toBe(1);
    const { date: _, ...sent } = first.headers;
    expect(again).toMatchObject({ status: 200, body: first.body, headers: sent });
    expect(again.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(await get(urlOf(prizesApi.list), { 'if-none-match': first.headers.etag! })).toMatchObject({
      status: 304,
      body: '',
    });
    expect(routed).toBe(1);
    expect(await counted()).toEqual([ok! + 2, notModified! + 1]);

    // A member's own answer (private) and anything but GET always go through the routes.
    await get(urlOf(gamificationApi.position, { query: { period: 'weekly' } }));
    await rawInject(t, prizesApi.list, { method: 'HEAD' });
    expect(routed).toBe(3);

    // URLs are the client's to choose: past the limit the remembered ones are forgotten, not kept growing.
    await get(urlOf(prizesApi.list, { query: { a: 1 } }));
    await get(urlOf(prizesApi.list, { query: { a: 2 } }));
    expect(routed).toBe(5);
    await get(urlOf(prizesApi.list));
    expect(routed).toBe(6);
  });

  it('are answered before routing all through a refresh that changes nothing: only the request that starts it is routed', async () => {
    const database = await freshDatabase();
    onTestFinished(() => database.close());
    let now = Date.now();
    const ctx = appContext({ config: loadConfig({ LOG_LEVEL: 'silent' }), database });
    const publicCache = new ReadCache(5_000, { now: () => now, staleMs: 30_000 });
    const t = await buildTestApp({ ctx: { ...ctx, publicCache } });
    let routed = 0;
    t.app.addHook('onRequest', (_request, _reply, done) => {
      routed++;
      done();
    });
    const get = await overHttp(t);
    const first = await get(urlOf(prizesApi.list));
    await get(urlOf(prizesApi.list));
    expect(routed).toBe(1);
    now += 6_000;
    const refreshing = await get(urlOf(prizesApi.list));
    expect(routed).toBe(2);
    // The refresh read the same prizes: the same version goes on being answered without routing.
    for (let i = 0; i < 3; i++) expect((await get(urlOf(prizesApi.list))).body).toBe(first.body);
    expect(refreshing.headers.etag).toBe(first.headers.etag);
    expect(routed).toBe(2);
  });
});
