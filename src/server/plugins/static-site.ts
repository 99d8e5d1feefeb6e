import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pageAt } from '../../shared/pages';
import { isServerPath } from '../lib/server-paths';

/**
 * Serves the built SPA. Unknown paths of the server's own (the API, the probes)
 * get a JSON 404; any other path that looks like a page gets index.html, so
 * client routes survive a reload: with 200 for one of the app's pages
 * (shared/pages.ts), and with 404 for any other, whose Not Found page the app
 * then shows, so search engines and link checkers hear that it is not there.
 */
async function staticSitePlugin(app: FastifyInstance, opts: { webRoot?: string }) {
  const root = opts.webRoot && existsSync(join(opts.webRoot, 'index.html')) ? opts.webRoot : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz copies; each client gets the smallest it accepts.
      preCompressed: true,
      // Source maps stay on the server's disk, for reading stack traces, never on the wire.
      allowedPath: (path) => !path.endsWith('.map'),
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (root && wantsPage && !isServerPath(path) && !/\.[a-z0-9]+$/i.test(path)) {
      return reply
        .status(pageAt(path) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    return reply.status(404).send({ error: `No such path: ${request.method} ${path}`, code: 'not_found' });
  });
}

// Not encapsulated: these hooks and handlers apply to every route of the app.
export const staticSite = fp(staticSitePlugin, { name: 'staticSite' });
