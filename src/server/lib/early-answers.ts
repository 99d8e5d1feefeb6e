import { createServer } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { requestDuration } from './metrics';
import type { ReadCache } from './read-cache';

/**
 * The HTTP server the app runs on. A GET for a public read kept fresh is
 * answered as its request arrives (ReadCache.answerAtOnce) and timed like any
 * other request; everything else goes on to Fastify. A busy public read so
 * costs about what a bare route does, whatever the routes' hooks and logger
 * cost. Such answers are timed, not logged one by one, as a CDN's hits would
 * not be. Fastify's timeouts are set on it, as on a server Fastify makes itself.
 */
export function answeringEarly(cache: ReadCache): FastifyServerFactory {
  return (handler, opts) => {
    const server = createServer((req, res) => {
      const started = performance.now();
      const route = cache.answerAtOnce(req, res);
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
