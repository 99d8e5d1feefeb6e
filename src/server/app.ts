import Fastify, { type FastifyReply, type FastifyServerOptions, type onSendHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../contract/endpoint';
import type { Config } from './config';
import { type AppContext, clearReads } from './context';
import type { Database } from './db/client';
import { accountRoutes } from './features/account/routes';
import { memberForToken } from './features/accounts/sessions';
import { adminRoutes } from './features/admin/routes';
import { adminAnalyticsRoutes } from './features/analytics/admin-routes';
import { adminApprovalRoutes } from './features/approvals/admin-routes';
import { adminAuditRoutes } from './features/audit/admin-routes';
import { auditRoutes } from './features/audit/routes';
import { authRoutes } from './features/auth/routes';
import { adminCashRoutes } from './features/cash/admin-routes';
import { cashRoutes } from './features/cash/routes';
import { adminContactRoutes } from './features/contact/admin-routes';
import { myMessageRoutes } from './features/contact/member-routes';
import { contactRoutes } from './features/contact/routes';
import { adminExportRoutes } from './features/exports/admin-routes';
import { figuresRoutes } from './features/figures/routes';
import { adminGamificationRoutes } from './features/gamification/admin-routes';
import { RankMarks } from './features/gamification/rank-marks';
import { gamificationRoutes } from './features/gamification/routes';
import { healthRoutes } from './features/health/routes';
import { LiveHub } from './features/live/hub';
import { liveRoutes } from './features/live/routes';
import { adminMemberRoutes } from './features/members/admin-routes';
import { adminMissingCreditRoutes, missingCreditRoutes } from './features/missing-credit/routes';
import { notificationRoutes } from './features/notifications/routes';
import { siteKeys } from './features/notifications/site-keys';
import { adminOfferWallRoutes } from './features/offers/admin-routes';
import { offerRoutes } from './features/offers/routes';
import { adminPayoutRoutes } from './features/payouts/admin-routes';
import { PayoutDesk } from './features/payouts/desk';
import { payoutWebhookRoutes } from './features/payouts/webhook-routes';
import { adminPrizeRoutes } from './features/prizes/admin-routes';
import { beaconFor } from './features/prizes/beacon';
import { EntryTerms } from './features/prizes/entry-terms';
import { prizeRoutes } from './features/prizes/routes';
import { adminReferralRoutes } from './features/referrals/admin-routes';
import { adminRiskRoutes } from './features/risk/admin-routes';
import { adminStaffRoutes } from './features/staff/admin-routes';
import { invitationRoutes } from './features/staff/invitation-routes';
import { adminStandingRoutes, standingRoutes } from './features/standing/routes';
import { adminTaskRoutes } from './features/tasks/admin-routes';
import { taskRoutes } from './features/tasks/routes';
import { publicLog } from './features/transparency/public-log';
import { transparencyRoutes } from './features/transparency/routes';
import { passkeyRoutes } from './features/two-factor/passkey-routes';
import { twoFactorRoutes } from './features/two-factor/routes';
import { userRoutes } from './features/users/routes';
import { adminWellbeingRoutes } from './features/wellbeing/routes';
import { adminWheelRoutes } from './features/wheel/admin-routes';
import { wheelRoutes } from './features/wheel/routes';
import { adminWinnerRoutes } from './features/wins/admin-routes';
import { winRoutes } from './features/wins/routes';
import { type Clock, systemClock } from './lib/clock';
import { answeringEarly } from './lib/read-cache/early-answers';
import { PUBLIC_CACHE_MS, PUBLIC_STALE_MS, ReadCache } from './lib/read-cache/read-cache';
import { guards } from './plugins/auth';
import { errorHandler, frameworkErrorBody } from './plugins/error-handler';
import { metrics } from './plugins/metrics';
import { security } from './plugins/security';
import { staticSite } from './plugins/static-site';
import { openApi } from './plugins/swagger';
import type { RateLimits } from './rate-limits';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  limits?: Partial<RateLimits>;
  /** The built SPA to serve; without it only the API answers. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** How long public reads are kept (DESIGN §7); 0 turns the cache off. */
  publicCacheMs?: number;
  /** The context, when the caller shares it with the scheduler (main.ts). */
  ctx?: AppContext;
  /** How often an open events stream hears a heartbeat (DESIGN §9: 25 s). */
  eventsHeartbeatMs?: number;
  /** The agent pushes are sent through (tests trust their own push service's certificate). */
  pushAgent?: AppContext['pushAgent'];
  /** Looks at every answer before it is sent: the tests check each against its endpoint's definition. */
  onAnswer?: onSendHookHandler;
}

const BODY_LIMIT = 64 * 1024;

const isContentTyped = (schema: unknown) =>
  typeof schema === 'object' && schema !== null && 'content' in schema;

/**
 * Off unless proxies in front add to X-Forwarded-For: then only the hops they added are believed (the
 * last `n`, or those added by the listed addresses), so a client cannot pick its own address.
 */
function trustedProxies(setting: Config['trustProxy']) {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting ? setting.split(',').map((a) => a.trim()) : false;
}

/** What the routes and the scheduler are given, built the same way for both. */
export function appContext(
  options: Pick<BuildAppOptions, 'config' | 'database' | 'clock' | 'limits' | 'publicCacheMs' | 'pushAgent'>,
): AppContext {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  // Kept reads age by the app's clock, so a test that moves its clock on sees them expire as a site would.
  const kept = (ms: number, more: { staleMs?: number; maxEntries?: number } = {}) =>
    new ReadCache(ms, { now: () => clock.now().getTime(), ...more });
  return {
    config,
    database,
    db: database.db,
    clock,
    limits: { ...config.rateLimits, ...options.limits },
    identify: (token) => memberForToken(database.db, clock, token),
    beacon: beaconFor(config),
    publicCache: kept(options.publicCacheMs ?? PUBLIC_CACHE_MS, { staleMs: PUBLIC_STALE_MS }),
    positionCache: kept(options.publicCacheMs ?? PUBLIC_CACHE_MS),
    entryTerms: new EntryTerms(),
    rankMarks: new RankMarks(),
    live: new LiveHub(database),
    keys: siteKeys(database.db, config),
    payouts: new PayoutDesk(config.payouts, database.db, clock),
    log: publicLog(database.db, config, clock),
    pushAgent: options.pushAgent,
  };
}

/** Builds the whole site as a Fastify instance; it opens nothing and listens on nothing itself. */
export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const ctx = options.ctx ?? appContext(options);

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    // A path id is checked by its endpoint's schema, which answers one that is not ours with that endpoint's
    // 404; the router's own limit (100) would answer a long one 414 first, in words the description never
    // promised. Node refuses a request line past its header limit (16 KiB) before it reaches the router.
    routerOptions: { maxParamLength: 16 * 1024 },
    frameworkErrors: (err, _request, reply) => {
      (reply as FastifyReply).status(err.statusCode ?? 400).send(frameworkErrorBody(err));
    },
    trustProxy: trustedProxies(config.trustProxy),
    serverFactory: answeringEarly(ctx.publicCache.early),
  });
  // While closing, Fastify answers every request itself (503), the kept reads included.
  app.addHook('preClose', (done) => {
    ctx.publicCache.clear();
    done();
  });
  // A rank mark rebuild begun after a lookup finishes before the database it writes to closes.
  app.addHook('onClose', async () => ctx.rankMarks.settled());
  // The context outlives an app only when the caller made it (main.ts stops its hub itself).
  if (!options.ctx) app.addHook('onClose', async () => ctx.live.stop());
  // A checkpoint being signed finishes before the database it writes to is closed.
  if (!options.ctx) app.addHook('onClose', async () => ctx.log.flush());
  ctx.payouts.reportTo((err) => app.log.error({ err }, 'sending payouts failed; the reconciler tries again'));
  app.setValidatorCompiler(validatorCompiler);
  // A file or a stream (CSV, events) is documented by its content type and sent as it is.
  app.setSerializerCompiler((route) =>
    isContentTyped(route.schema)
      ? (data) => String(data)
      : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]),
  );
  app.decorateRequest('member', null);
  app.decorateRequest('token', null);
  app.decorateRequest('session', null);

  if (options.onAnswer) app.addHook('onSend', options.onAnswer);
  errorHandler(app);
  await app.register(security, {
    redisUrl: config.redisUrl,
    signIn: { google: Boolean(config.google), apple: Boolean(config.apple) },
  });
  await app.register(openApi);

  await app.register(metrics, { ctx });
  // A write's transaction has ended by the time its answer is sent, whether or not the client is still
  // there: the kept reads its endpoint says it may change are read afresh. A refused request (4xx) wrote
  // nothing, so junk requests cannot keep the cache cold; a 5xx may have committed first, so it clears too.
  // Callback hooks, not async ones: every request runs them, and a promise each is measurable.
  app.addHook('onSend', (request, reply, payload, done) => {
    const refused = reply.statusCode >= 400 && reply.statusCode < 500;
    const stale = request.routeOptions.config.writes;
    if (stale?.length && !refused) clearReads(ctx, stale);
    // What changes the prizes or winners everyone reads may have been recorded in the public log: an
    // entry, a draw, a place passed on, a cancellation. It is covered by a checkpoint soon.
    if (!refused && stale?.some((kind) => kind === 'prizes' || kind === 'winners')) ctx.log.soon();
    done(null, payload);
  });
  await app.register(healthRoutes, { ctx });
  await app.register(
    async (api) => {
      await api.register(authRoutes, { ctx });
      await api.register(twoFactorRoutes, { ctx });
      await api.register(passkeyRoutes, { ctx });
      await api.register(contactRoutes, { ctx });
      await api.register(auditRoutes, { ctx });
      await api.register(prizeRoutes, { ctx });
      await api.register(userRoutes, { ctx });
      await api.register(accountRoutes, { ctx });
      await api.register(myMessageRoutes, { ctx });
      await api.register(notificationRoutes, { ctx });
      await api.register(liveRoutes, { ctx, heartbeatMs: options.eventsHeartbeatMs });
      await api.register(winRoutes, { ctx });
      await api.register(cashRoutes, { ctx });
      await api.register(gamificationRoutes, { ctx });
      await api.register(wheelRoutes, { ctx });
      await api.register(taskRoutes, { ctx });
      await api.register(offerRoutes, { ctx });
      await api.register(invitationRoutes, { ctx });
      await api.register(payoutWebhookRoutes, { ctx });
      await api.register(transparencyRoutes, { ctx });
      await api.register(figuresRoutes, { ctx });
      await api.register(standingRoutes, { ctx });
      await api.register(missingCreditRoutes, { ctx });
      // Each feature brings its own admin routes; this one guard checks every one of them on the server.
      await api.register(
        async (admin) => {
          admin.addHook('onRequest', guards(ctx).requireAdmin);
          await admin.register(adminRoutes, { ctx });
          await admin.register(adminPrizeRoutes, { ctx });
          await admin.register(adminGamificationRoutes, { ctx });
          await admin.register(adminWinnerRoutes, { ctx });
          await admin.register(adminTaskRoutes, { ctx });
          await admin.register(adminContactRoutes, { ctx });
          await admin.register(adminWheelRoutes, { ctx });
          await admin.register(adminCashRoutes, { ctx });
          await admin.register(adminPayoutRoutes, { ctx });
          await admin.register(adminMemberRoutes, { ctx });
          await admin.register(adminAuditRoutes, { ctx });
          await admin.register(adminRiskRoutes, { ctx });
          await admin.register(adminReferralRoutes, { ctx });
          await admin.register(adminAnalyticsRoutes, { ctx });
          await admin.register(adminExportRoutes, { ctx });
          await admin.register(adminOfferWallRoutes, { ctx });
          await admin.register(adminStaffRoutes, { ctx });
          await admin.register(adminApprovalRoutes, { ctx });
          await admin.register(adminStandingRoutes, { ctx });
          await admin.register(adminMissingCreditRoutes, { ctx });
          await admin.register(adminWellbeingRoutes, { ctx });
        },
        { prefix: '/admin' },
      );
    },
    { prefix: API_PREFIX },
  );

  await app.register(staticSite, { webRoot: options.webRoot });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
