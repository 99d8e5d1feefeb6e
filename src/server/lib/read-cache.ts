import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PUBLIC_READ_FRESH_MS, SECOND_MS } from '../../contract/constants';
import { routeLabel } from './metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes data (a provider's postback), so it clears the public reads like a write. */
    writes?: boolean;
  }
}

/** DESIGN §7: a CDN in front may keep a public read 5 s and serve it stale for 30 s while it refreshes. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_READ_FRESH_MS / SECOND_MS}, stale-while-revalidate=30`;
/** How long this process keeps a read; other instances' writes reach it within this. */
export const PUBLIC_CACHE_MS = PUBLIC_READ_FRESH_MS;
/** Past this many answers the expired ones go, and if that is not enough, all of them. */
const MAX_ENTRIES = 1_000;
/** How long past its time a public read may still be served while it is read afresh: as a CDN may (above). */
export const PUBLIC_STALE_MS = 30_000;
/** How long a drawn prize's proof is kept, and how many: each may be tens of megabytes. */
export const PROOF_CACHE = { ms: 10 * 60_000, entries: 4 };

interface Entry {
  body: string;
  etag: string;
  storedAt: number;
}

/** How a public read was last answered at a URL: enough to answer it again without the framework. */
interface UrlAnswer {
  key: string;
  entry: Entry;
  /** The route's label, for the request timer. */
  route: string;
  /** Names and values in turn, as Node's writeHead takes them. */
  ok: string[];
  notModified: string[];
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Whether If-None-Match names this ETag: a list, weak forms (a proxy that compressed it) or `*`. */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Reads kept serialised with their ETag for a few seconds: those every visitor
 * gets alike (prizes, winners, leaderboards, wheel odds), and a member's
 * leaderboard position, which is read against them. Every write in
 * this process clears it once its transaction has committed (app.ts); a read
 * that was loading across that clear is not kept, so it cannot put the old
 * answer back. Readers arriving while an answer loads share that one load.
 * With `staleMs`, an answer past its time (never a cleared one) keeps serving,
 * for at most that much longer, while one load replaces it: a busy read never
 * waits for its refresh.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();
  private readonly byUrl = new Map<string, UrlAnswer>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    {
      now = Date.now,
      maxEntries = MAX_ENTRIES,
      staleMs = 0,
    }: { now?: () => number; maxEntries?: number; staleMs?: number } = {},
  ) {
    this.now = now;
    this.maxEntries = maxEntries;
    this.staleMs = staleMs;
  }

  private readonly now: () => number;
  private readonly maxEntries: number;
  private readonly staleMs: number;

  private fresh(entry: Entry | undefined, now: number, extraMs = 0): entry is Entry {
    return entry !== undefined && entry.storedAt <= now && now - entry.storedAt < this.ttlMs + extraMs;
  }

  async get(key: string, load: () => Promise<unknown>): Promise<Entry> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (this.fresh(hit, now)) return hit;
    const pending = this.loading.get(key) ?? this.load(key, load);
    if (this.fresh(hit, now, this.staleMs)) {
      // Its successor's failure is the next reader's to see; this one has an answer.
      pending.catch(() => {});
      return hit;
    }
    return pending;
  }

  private load(key: string, load: () => Promise<unknown>) {
    const generation = this.generation;
    const loaded = (async () => {
      const body = JSON.stringify(await load());
      const entry = {
        body,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        storedAt: this.now(),
      };
      if (this.ttlMs > 0 && generation === this.generation) this.store(key, entry);
      return entry;
    })();
    this.loading.set(key, loaded);
    loaded
      .finally(() => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
      })
      .catch(() => {});
    return loaded;
  }

  private store(key: string, entry: Entry) {
    if (this.entries.size >= this.maxEntries) {
      for (const [k, e] of this.entries) if (!this.fresh(e, entry.storedAt)) this.entries.delete(k);
      if (this.entries.size >= this.maxEntries) this.entries.clear();
    }
    this.entries.set(key, entry);
  }

  clear() {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
    this.byUrl.clear();
  }

  /**
   * Answers a GET for a public read kept fresh, as soon as its request
   * arrives and before the framework routes it: with the very headers the
   * route sent for that URL, security headers included, while the answer it
   * sent is still the one kept. Anything else, the first request for a URL
   * included, goes on to the routes. Returns the route answered, for the
   * request timer, or undefined when it answered nothing.
   */
  answerAtOnce(req: IncomingMessage, res: ServerResponse): string | undefined {
    if (req.method !== 'GET') return undefined;
    const known = this.byUrl.get(req.url ?? '');
    if (!known) return undefined;
    const entry = this.entries.get(known.key);
    if (entry !== known.entry || !this.fresh(entry, this.now())) return undefined;
    if (matches(req.headers['if-none-match'], entry.etag)) res.writeHead(304, known.notModified).end();
    else res.writeHead(200, known.ok).end(entry.body);
    return known.route;
  }

  /**
   * Answers a read from the cache (public unless `cacheControl` says
   * otherwise), shaped by its contract schema (what a route's serializer would
   * do, since a cached answer is sent as text), with a 304 when the client
   * already holds this version, and remembers a public answer by its URL for
   * answerAtOnce. A fresh answer is sent at once, with nothing to wait for: no
   * promise, and no watch on the response's end, which a returned reply would
   * set up. Return its result from a handler that is not async: an async one would
   * resolve to nothing, which Fastify answers itself unless the response has
   * already ended.
   */
  send<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: z.ZodType<T>,
    load: () => Promise<T>,
    cacheControl = PUBLIC_CACHE_CONTROL,
  ): Promise<void> | undefined {
    const hit = this.entries.get(key);
    if (this.fresh(hit, this.now())) {
      this.answer(request, reply, key, hit, cacheControl);
      return undefined;
    }
    return this.get(key, async () => schema.parse(await load())).then(async (entry) => {
      this.answer(request, reply, key, entry, cacheControl);
      // Settles once the answer has gone, so Fastify does not send one of its own meanwhile.
      await reply;
    });
  }

  private answer(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    entry: Entry,
    cacheControl: string,
  ) {
    reply.header('cache-control', cacheControl).header('etag', entry.etag);
    // The same for everyone, so the URL alone can be answered next time (answerAtOnce).
    const known = cacheControl.startsWith('public') && this.entries.get(key) === entry;
    if (known && this.byUrl.get(request.url)?.entry !== entry) this.rememberUrl(request, reply, key, entry);
    if (matches(request.headers['if-none-match'], entry.etag)) return reply.status(304).send();
    return reply.type(JSON_TYPE).send(entry.body);
  }

  private rememberUrl(request: FastifyRequest, reply: FastifyReply, key: string, entry: Entry) {
    // Clients pick URLs (a query string makes a new one): past the limit, the list starts again.
    if (this.byUrl.size >= this.maxEntries) this.byUrl.clear();
    const notModified = Object.entries(reply.getHeaders()).flatMap(([name, value]) =>
      value === undefined ? [] : [name, String(value)],
    );
    this.byUrl.set(request.url, {
      key,
      entry,
      route: routeLabel(request.routeOptions.url),
      notModified,
      ok: [
        ...notModified,
        'content-type',
        JSON_TYPE,
        'content-length',
        String(Buffer.byteLength(entry.body)),
      ],
    });
  }
}
