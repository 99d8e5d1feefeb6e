import type { FastifyInstance } from 'fastify';
import { auditApi } from '../../../contract/audit';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';
import { newestHeads, presentHead, publicKeyOf } from './heads';

/**
 * The audit chain's signed heads, for anyone (DESIGN §15): whoever keeps a
 * copy can later show that rows were cut from the end of the log.
 */
export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, auditApi.heads, async () => ({
    publicKey: publicKeyOf(ctx.config.auditSigningKey),
    heads: (await newestHeads(ctx.db)).map(presentHead),
  }));
}
