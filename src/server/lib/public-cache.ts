import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes data (a provider's postback), so it clears the public reads like a write. */
    writes?: boolean;
  }
}

/** DESIGN §7: a CDN in front may keep a public read 5 s and serve it stale for 30 s while it refreshes. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';
/** How long this process keeps a public read; other instances' writes reach it within this. */
export const PUBLIC_CACHE_MS = 5_000;

interface Entry {
  body: string;
  etag: string;
  storedAt: number;
}

/**
 * The reads every visitor gets alike (prizes, winners, leaderboards, wheel
 * odds), kept serialised with their ETag for a few seconds. Every successful
 * write in this process clears it (app.ts), after its transaction committed;
 * a read that was loading across that clear is not kept, so it cannot put the
 * old answer back.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<unknown>): Promise<Entry> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.storedAt <= now && now - hit.storedAt < this.ttlMs) return hit;
    const generation = this.generation;
    const body = JSON.stringify(await load());
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, storedAt: now };
    if (this.ttlMs > 0 && generation === this.generation) this.entries.set(key, entry);
    return entry;
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  /** Answers a public read from the cache: 304 when the client already holds this version. */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<unknown>) {
    const { body, etag } = await this.get(key, load);
    reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  }
}
