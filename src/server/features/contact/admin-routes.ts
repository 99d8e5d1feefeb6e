import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contactMessageParams,
  contactMessageResponse,
  contactMessagesQuery,
  contactMessagesResponse,
  replyBody,
  ticketStatusBody,
} from '../../../contract/contact';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import * as service from './service';

/** The contact inbox as tickets, under /api/admin/contact-messages, behind the admin guard (app.ts). */
export async function adminContactRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        ...adminDocs,
        querystring: contactMessagesQuery,
        response: { 200: contactMessagesResponse, ...adminErrors(400) },
      },
    },
    async (request) => service.inbox(ctx.db, request.query),
  );

  const oneMessage = {
    ...adminDocs,
    params: contactMessageParams,
    response: { 200: contactMessageResponse, ...adminErrors(400, 404) },
  };
  app.put('/:id', { schema: { ...oneMessage, body: ticketStatusBody } }, async (request) => ({
    message: await service.setStatus(
      ctx.db,
      ctx.clock,
      actorOf(request),
      request.params.id,
      request.body.status,
    ),
  }));

  app.post('/:id/reply', { schema: { ...oneMessage, body: replyBody } }, async (request) => ({
    message: await service.reply(
      ctx,
      { ...actorOf(request), id: request.user!.id },
      request.params.id,
      request.body.message,
    ),
  }));
}
