import type { FastifyInstance, FastifyRequest } from 'fastify';
import { membersApi } from '../../../contract/members-api';
import { riskApi } from '../../../contract/risk';
import type { AppContext } from '../../context';
import { actorOf } from '../../lib/audit-log';
import { eachOf } from '../../lib/bulk';
import { asSeenBy } from '../../lib/mask';
import { register } from '../../plugins/register';
import { acceptedIfWaiting } from '../four-eyes/asking';
import { correctOrAsk } from './corrections';
import { streamLedger } from './ledger-csv';
import { maskAction, maskDetail, maskMember } from './masked-view';
import * as service from './service';
import * as actions from './staff-actions';

/** Members for admins (DESIGN §8), behind the admin guard (app.ts). */
export async function adminMemberRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const acting = (request: FastifyRequest): actions.Acting => ({
    db: ctx.db,
    clock: ctx.clock,
    actor: actorOf(request),
  });

  /** Whose eyes an answer is for: their role says whether addresses and devices are masked. */
  const seenBy = (request: FastifyRequest) => request.member?.staffRole;
  const idempotencyKeyOf = (request: FastifyRequest) => {
    const key = request.headers['idempotency-key'];
    return typeof key === 'string' ? key : undefined;
  };

  register(app, ctx, membersApi.search, async ({ request, query }) =>
    asSeenBy(seenBy(request), await service.searchMembers(ctx.db, ctx.clock.now(), query), (found) => ({
      ...found,
      users: found.users.map(maskMember),
    })),
  );

  register(app, ctx, membersApi.detail, async ({ request, params }) =>
    asSeenBy(seenBy(request), await service.memberDetail(ctx.db, params.id, ctx.clock.now()), maskDetail),
  );

  register(app, ctx, membersApi.ledger, ({ params, query }) => service.ledgerPage(ctx.db, params.id, query));

  register(app, ctx, membersApi.ledgerCsv, ({ reply, params, query }) =>
    streamLedger(ctx.db, reply, params.id, query.account),
  );

  register(app, ctx, membersApi.adjust, async ({ request, reply, params, body }) => {
    const thresholds = ctx.config.approvalThresholds;
    const result = await correctOrAsk(
      acting(request),
      thresholds,
      params.id,
      body,
      idempotencyKeyOf(request),
    );
    return acceptedIfWaiting(reply, result);
  });

  register(app, ctx, membersApi.verifyEmail, async ({ request, params, body }) =>
    asSeenBy(
      seenBy(request),
      await actions.markEmailVerified(acting(request), params.id, body.reason, idempotencyKeyOf(request)),
      maskAction,
    ),
  );

  register(
    app,
    ctx,
    membersApi.resendVerification,
    ({ request, params }) => actions.resendVerification(ctx, acting(request), params.id),
    { rateLimit: ctx.limits.emailLinks },
  );

  register(app, ctx, membersApi.addNote, async ({ request, reply, params, body }) => {
    reply.status(201);
    return actions.addNote(acting(request), params.id, body.body);
  });

  register(app, ctx, membersApi.suspend, async ({ request, params, body }) =>
    asSeenBy(seenBy(request), await actions.suspend(acting(request), params.id, body), maskAction),
  );
  for (const [spec, run] of [
    [membersApi.unsuspend, actions.unsuspend],
    [membersApi.holdCashouts, actions.holdCashouts],
    [membersApi.releaseCashouts, actions.releaseCashouts],
  ] as const) {
    register(app, ctx, spec, async ({ request, params, body }) =>
      asSeenBy(seenBy(request), await run(acting(request), params.id, body.reason), maskAction),
    );
  }
  // The review tab's bulk hold is the member action, many times (features/risk lists, members act).
  register(app, ctx, riskApi.holdMany, ({ request, body }) =>
    eachOf(body.userIds, async (id) => {
      await actions.holdCashouts(acting(request), id, body.reason);
      return { outcome: 'done' as const, message: null };
    }),
  );
}
