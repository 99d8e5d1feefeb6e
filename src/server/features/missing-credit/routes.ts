import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  MISSING_CREDIT_BODY_LIMIT,
  missingCreditApi,
  SCREENSHOT_MAX_BYTES,
} from '../../../contract/missing-credit';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { register } from '../../plugins/register';
import * as service from './service';

/**
 * A member's reports of offers that did not credit (DESIGN §19). The report is JSON, or multipart form
 * data when it carries a screenshot: one file, read whole into memory up to its limit, nothing on disk.
 */
export async function missingCreditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 1, fileSize: SCREENSHOT_MAX_BYTES, fields: 10, fieldSize: 1000, parts: 11 },
    // The file's bytes become the field's value; one over the limit is refused in words a member reads.
    onFile: async (part) => {
      await part.toBuffer().catch((err: { code?: string }) => {
        throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? service.screenshotTooLarge() : err;
      });
    },
  });
  register(
    app,
    ctx,
    missingCreditApi.report,
    ({ member, body }) => service.report(ctx.db, ctx.config, ctx.clock, member.id, body),
    { bodyLimit: MISSING_CREDIT_BODY_LIMIT },
  );
  register(app, ctx, missingCreditApi.mine, ({ member }) => service.mine(ctx.db, member.id));
}

/** The reports in the review queue, behind the admin guard (app.ts). */
export async function adminMissingCreditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, missingCreditApi.list, ({ query }) => service.listForStaff(ctx.db, query));
  register(app, ctx, missingCreditApi.screenshot, ({ params }) => service.screenshotFor(ctx.db, params.id));
  register(app, ctx, missingCreditApi.resolve, async ({ request, reply, params, body }) => {
    const acting = { db: ctx.db, clock: ctx.clock, actor: actorOf(request) };
    const { waits, claim } = await service.resolve(acting, ctx.config.approvalThresholds, params.id, body);
    // Waiting for a second member of staff, nothing has moved yet: 202.
    if (waits) reply.status(202);
    return { claim };
  });
}
