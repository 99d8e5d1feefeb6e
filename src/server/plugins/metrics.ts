import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { registry, requestDuration, routeLabel, watchPool } from '../lib/metrics';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Times every request by its route pattern (never the raw URL, so ids do not
 * explode the label set) and serves /metrics in Prometheus's text format, only
 * to a bearer of METRICS_TOKEN; without a token set it answers 404.
 */
async function metricsPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  watchPool(ctx.database);
  app.addHook('onResponse', (request, reply, done) => {
    requestDuration.observe(
      { method: request.method, route: routeLabel(request.routeOptions.url), status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const token = ctx.config.metricsToken;
  // Always a route of ours, so /metrics can never fall through to the web page.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.status(404).send({ error: 'No such path: GET /metrics', code: 'not_found' });
    const given = request.headers.authorization?.replace(/^Bearer /i, '') ?? '';
    if (!sameSecret(given, token))
      return reply.status(401).send({ error: 'A valid metrics token is required', code: 'unauthorized' });
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export const metrics = fp(metricsPlugin, { name: 'metrics' });
