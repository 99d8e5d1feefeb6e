import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageBody } from '../../../contract/common';
import { contactBody } from '../../../contract/contact';
import type { AppContext } from '../../context';
import { errorResponses } from '../../lib/route-docs';
import { insertContactMessage } from './repository';

export async function contactRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/',
    {
      config: { rateLimit: ctx.limits.contact },
      schema: {
        tags: ['contact'],
        body: contactBody,
        response: { 201: messageBody, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await insertContactMessage(ctx.db, { ...request.body, createdAt: ctx.clock.now() });
      return reply.status(201).send({ message: "Message sent! We'll get back to you soon." });
    },
  );
}
