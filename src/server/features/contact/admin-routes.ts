import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type ContactMessage,
  contactMessageParams,
  contactMessageResponse,
  contactMessagesResponse,
  markHandledBody,
} from '../../../contract/contact';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { adminDocs, adminErrors } from '../../lib/route-docs';
import { type ContactMessageRow, inbox, setHandled } from './repository';

const present = ({ id, handledAt, createdAt, ...rest }: ContactMessageRow): ContactMessage => ({
  ...rest,
  _id: id,
  createdAt: createdAt.toISOString(),
  handled: handledAt !== null,
});

/** The contact inbox, under /api/admin/contact-messages, behind the admin guard (app.ts). */
export async function adminContactRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    { schema: { ...adminDocs, response: { 200: contactMessagesResponse, ...adminErrors() } } },
    async () => ({ messages: (await inbox(ctx.db)).map(present) }),
  );

  app.put(
    '/:id',
    {
      schema: {
        ...adminDocs,
        params: contactMessageParams,
        body: markHandledBody,
        response: { 200: contactMessageResponse, ...adminErrors(400, 404) },
      },
    },
    async (request) => {
      const row = await setHandled(ctx.db, request.params.id, request.body.handled, ctx.clock.now());
      if (!row) throw notFound('Message not found');
      return { message: present(row) };
    },
  );
}
