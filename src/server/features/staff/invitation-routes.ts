import type { FastifyInstance } from 'fastify';
import { invitationsApi } from '../../../contract/staff-invitations';
import type { AppContext } from '../../context';
import { clientOf } from '../../lib/client';
import { register } from '../../plugins/register';
import { presentUser } from '../accounts/present';
import { acceptInvitation, openInvitation } from './invitations';

/** An invitation's page, for whoever holds its link: no session yet, limited as the emailed links are. */
export async function invitationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const limited = { rateLimit: ctx.limits.emailLinks };
  register(app, ctx, invitationsApi.open, ({ body }) => openInvitation(ctx, body.token), limited);
  register(
    app,
    ctx,
    invitationsApi.accept,
    async ({ body, request }) => {
      const session = await acceptInvitation(ctx, body, clientOf(request));
      return { ...session, user: presentUser(session.user) };
    },
    limited,
  );
}
