import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../contract/health';
import type { AppContext } from '../../context';

export async function healthRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { hide: true, response: { 200: healthResponse, 503: healthResponse } };

  // Alive: the process answers.
  app.get('/healthz', { schema }, async () => ({ status: 'ok' as const }));

  // Ready: the database answers too, so a load balancer only sends traffic that can be served.
  app.get('/readyz', { schema }, async (request, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok' as const };
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable' as const });
    }
  });
}
