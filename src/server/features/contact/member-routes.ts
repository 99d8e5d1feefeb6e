import type { FastifyInstance } from 'fastify';
import { contactApi } from '../../../contract/contact';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';
import * as service from './service';

/** A member's own messages and our answers (My messages). */
export async function myMessageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, contactApi.mine, ({ member, query }) => service.myMessages(ctx.db, member.id, query));
}
