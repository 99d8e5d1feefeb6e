import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditHeadsResponse } from '../../../contract/audit';
import type { AppContext } from '../../context';
import { newestHeads, presentHead, publicKeyOf } from './heads';

/**
 * The audit chain's signed heads, for anyone (DESIGN §15): whoever keeps a
 * copy can later show that rows were cut from the end of the log.
 */
export async function auditRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/heads', { schema: { tags: ['audit'], response: { 200: auditHeadsResponse } } }, async () => ({
    publicKey: publicKeyOf(ctx.config.auditSigningKey),
    heads: (await newestHeads(ctx.db)).map(presentHead),
  }));
}
