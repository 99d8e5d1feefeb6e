import type { FastifyInstance } from 'fastify';
import { contactApi } from '../../../contract/contact';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';
import { insertContactMessage } from './repository';

/** The contact form (DESIGN §14: the call as the contract defines it). */
export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(
    app,
    ctx,
    contactApi.send,
    async ({ body }) => {
      await insertContactMessage(ctx.db, { ...body, createdAt: ctx.clock.now() });
      return { message: "Message sent! We'll get back to you soon." };
    },
    { rateLimit: ctx.limits.contact },
  );
}
