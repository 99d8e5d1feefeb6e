import type { FastifyInstance, FastifyRequest } from 'fastify';
import { payoutsApi } from '../../../contract/payouts';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { register } from '../../plugins/register';
import { applyPayPalEvent, applyTremendousEvent } from './webhooks';

declare module 'fastify' {
  interface FastifyRequest {
    /** A webhook's body as it arrived: what the provider's signature covers. */
    rawBody?: string;
  }
}

/** The providers' webhooks (DESIGN §17), read from the bytes they signed. */
export async function payoutWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body, done) => {
      request.rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest('The body is not JSON', 'bad_json'), undefined);
      }
    },
  );

  register(app, ctx, payoutsApi.paypalWebhook, async ({ request }) => {
    const paypal = ctx.payouts.paypal;
    if (!paypal) throw badRequest('PayPal payouts are not configured here', 'provider_off');
    await applyPayPalEvent(ctx.payouts.sending, paypal, request.headers, request.rawBody ?? '');
    return { received: true as const };
  });

  register(app, ctx, payoutsApi.tremendousWebhook, async ({ request }) => {
    const tremendous = ctx.payouts.tremendous;
    if (!tremendous) throw badRequest('Tremendous is not configured here', 'provider_off');
    const signature = request.headers['tremendous-webhook-signature'];
    await applyTremendousEvent(
      ctx.payouts.sending,
      tremendous,
      typeof signature === 'string' ? signature : undefined,
      request.rawBody ?? '',
    );
    return { received: true as const };
  });
}
