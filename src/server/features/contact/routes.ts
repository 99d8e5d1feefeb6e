import type { FastifyInstance } from 'fastify';
import { contactApi } from '../../../contract/contact';
import type { AppContext } from '../../context';
import { register } from '../../plugins/register';
import { staffNotices, tellStaff } from '../notifications/staff-notices';
import { insertContactMessage, memberByVerifiedEmail } from './repository';
import { logTicket } from './service';

/** The contact form (DESIGN §14: the call as the contract defines it). */
export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(
    app,
    ctx,
    contactApi.send,
    async ({ body, member }) => {
      const now = ctx.clock.now();
      await ctx.db.transaction(async (tx) => {
        // Theirs to read in My messages: the member signed in, or the one whose verified address wrote it.
        const userId = member?.id ?? (await memberByVerifiedEmail(tx, body.email))?.id ?? null;
        const { id } = await insertContactMessage(tx, { ...body, userId, createdAt: now });
        await logTicket(tx, id, 'open', now);
        await tellStaff(tx, 'messages', staffNotices.complaint({ id, ...body }), now);
      });
      return { message: "Message sent! We'll get back to you soon." };
    },
    { rateLimit: ctx.limits.contact },
  );
  register(app, ctx, contactApi.promoter, () => ctx.config.promoter);
}
