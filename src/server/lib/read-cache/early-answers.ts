import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerFactory } from 'fastify';
import { requestDuration, routeLabel } from '../metrics';
import { type EtaggedAnswer, etagMatches, JSON_TYPE } from './validators';

/** How a public read was last answered at a URL: enough to answer it again without the framework. */
interface UrlAnswer {
  key: string;
  answer: EtaggedAnswer;
  /** The route's label, for the request timer. */
  route: string;
  /** Names and values in turn, as Node's writeHead takes them. */
  ok: string[];
  notModified: string[];
}

/**
 * Public reads answered as their request arrives, before the framework routes
 * it: with the very headers the route sent for that URL, security headers
 * included, while the answer it sent is still the one served (`current`).
 */
export class EarlyAnswers {
  private readonly byUrl = new Map<string, UrlAnswer>();

  constructor(
    private readonly current: (key: string) => EtaggedAnswer | undefined,
    /** Clients pick URLs (a query string makes a new one): past this many, the list starts again. */
    private readonly maxUrls: number,
  ) {}

  /** Remembers how a route answered a URL with the answer kept under `key`, headers and all. */
  remember(request: FastifyRequest, reply: FastifyReply, key: string, answer: EtaggedAnswer) {
    if (this.byUrl.get(request.url)?.answer.etag === answer.etag) return;
    if (this.byUrl.size >= this.maxUrls) this.byUrl.clear();
    const notModified = Object.entries(reply.getHeaders()).flatMap(([name, value]) =>
      value === undefined ? [] : [name, String(value)],
    );
    this.byUrl.set(request.url, {
      key,
      answer,
      route: routeLabel(request.routeOptions.url),
      notModified,
      ok: [
        ...notModified,
        'content-type',
        JSON_TYPE,
        'content-length',
        String(Buffer.byteLength(answer.body)),
      ],
    });
  }

  /**
   * Answers a GET for a URL remembered, while its answer is still the one
   * kept: the same version (ETag), also when a refresh read it again
   * unchanged or is reading it now. Anything else, the first request for a
   * URL and the one that starts a refresh included, goes on to the routes. Returns the route answered, for the request timer, or undefined
   * when it answered nothing.
   */
  answer(req: IncomingMessage, res: ServerResponse): string | undefined {
    if (req.method !== 'GET') return undefined;
    const known = this.byUrl.get(req.url ?? '');
    if (!known || this.current(known.key)?.etag !== known.answer.etag) return undefined;
    if (etagMatches(req.headers['if-none-match'], known.answer.etag))
      res.writeHead(304, known.notModified).end();
    else res.writeHead(200, known.ok).end(known.answer.body);
    return known.route;
  }

  clear() {
    this.byUrl.clear();
  }
}

/**
 * The HTTP server the app runs on. A GET for a public read kept fresh is
 * answered as its request arrives and timed like any other request;
 * everything else goes on to Fastify. A busy public read so costs about what
 * a bare route does, whatever the routes' hooks and logger cost. Such answers
 * are timed, not logged one by one, as a CDN's hits would not be. Fastify's
 * timeouts are set on it, as on a server Fastify makes itself.
 */
export function answeringEarly(early: EarlyAnswers): FastifyServerFactory {
  return (handler, opts) => {
    const server = createServer((req, res) => {
      const started = performance.now();
      const route = early.answer(req, res);
      if (route === undefined) return handler(req, res);
      requestDuration.observe(
        { method: 'GET', route, status: res.statusCode },
        (performance.now() - started) / 1000,
      );
    });
    server.keepAliveTimeout = opts.keepAliveTimeout as number;
    server.requestTimeout = opts.requestTimeout as number;
    server.setTimeout(opts.connectionTimeout as number);
    if ((opts.maxRequestsPerSocket as number) > 0)
      server.maxRequestsPerSocket = opts.maxRequestsPerSocket as number;
    return server;
  };
}
