import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PUBLIC_READ_FRESH_MS, SECOND_MS } from '../../../contract/constants';
import type { KeptRead } from '../../../contract/endpoint';
import { EarlyAnswers } from './early-answers';
import { MAX_ENTRIES, Memo } from './memo';
import { type EtaggedAnswer, sendEtaggedAnswer, serialiseWithEtag, setValidators } from './validators';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The kept reads a success may change (the endpoint's `writes`). */
    writes?: readonly KeptRead[];
  }
}

/** DESIGN §7: a CDN in front may keep a public read 5 s and serve it stale for 30 s while it refreshes. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_READ_FRESH_MS / SECOND_MS}, stale-while-revalidate=30`;
/** How long this process keeps a read; other instances' writes reach it within this. */
export const PUBLIC_CACHE_MS = PUBLIC_READ_FRESH_MS;
/** How long past its time a public read may still be served while it is read afresh: as a CDN may (above). */
export const PUBLIC_STALE_MS = 30_000;

/**
 * Reads kept serialised for a few seconds (memo.ts) and sent with their ETag
 * (validators.ts): those every visitor gets alike (prizes, winners,
 * leaderboards, wheel odds), a member's leaderboard position, which is read
 * against them, and drawn prizes' proofs, each keyed by the kind of read it is
 * (`prizes:list`). A write in this process clears the kinds its endpoint names
 * once its transaction has committed (app.ts). A public answer is also
 * remembered by its URL, to be answered again before routing (early-answers.ts).
 */
export class ReadCache {
  private readonly memo: Memo<EtaggedAnswer>;
  readonly early: EarlyAnswers;

  constructor(ttlMs: number, options: ConstructorParameters<typeof Memo>[1] = {}) {
    this.memo = new Memo(ttlMs, options);
    this.early = new EarlyAnswers((key) => this.memo.serving(key), options.maxEntries ?? MAX_ENTRIES);
    this.memo.onClear(() => this.early.clear());
  }

  /** Forgets every kept read, or those of one kind (a key's part before its first colon). */
  clear(kind?: KeptRead) {
    this.memo.clear(kind);
  }

  /**
   * Answers a read from the cache (public unless `cacheControl` says
   * otherwise), shaped by its contract schema (what a route's serializer would
   * do, since a kept answer is sent as text). A fresh answer is sent at once,
   * with nothing to wait for: no promise, and no watch on the response's end,
   * which a returned reply would set up. Return its result from a handler that
   * is not async: an async one would resolve to nothing, which Fastify answers
   * itself unless the response has already ended.
   */
  send<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: `${KeptRead}:${string}`,
    schema: z.ZodType<T>,
    load: () => Promise<T>,
    cacheControl = PUBLIC_CACHE_CONTROL,
  ): Promise<void> | undefined {
    const hit = this.memo.fresh(key);
    if (hit) {
      this.answer(request, reply, key, hit, cacheControl);
      return undefined;
    }
    return this.memo
      .get(key, async () => serialiseWithEtag(schema.parse(await load())))
      .then(async (answer) => {
        this.answer(request, reply, key, answer, cacheControl);
        // Settles once the answer has gone, so Fastify does not send one of its own meanwhile.
        await reply;
      });
  }

  private answer(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    answer: EtaggedAnswer,
    cacheControl: string,
  ) {
    setValidators(reply, answer, cacheControl);
    // The same for everyone, so the URL alone can be answered next time, while this answer is kept.
    if (cacheControl.startsWith('public') && this.memo.serving(key)?.etag === answer.etag)
      this.early.remember(request, reply, key, answer);
    sendEtaggedAnswer(request, reply, answer);
  }
}
