import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const API_KEY = 'TEST_stand-in-tremendous-key';
const CAMPAIGN_ID = 'CAMPAIGN-STANDIN';
const WEBHOOK_SECRET = 'stand-in-tremendous-webhook-secret';
const id = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 12);

/** The environment a site needs to send gift cards through the stand-in at `url`, its API's root. */
export const tremendousStandInEnv = (url: string) => ({
  TREMENDOUS_API_KEY: API_KEY,
  TREMENDOUS_API_URL: url,
  TREMENDOUS_CAMPAIGN_ID: CAMPAIGN_ID,
  TREMENDOUS_WEBHOOK_SECRET: WEBHOOK_SECRET,
});

interface Order {
  id: string;
  external_id: string | null;
  campaign_id: string;
  created_at: string;
  status: 'EXECUTED' | 'FAILED' | 'CANCELED' | 'PENDING APPROVAL';
  payment: { subtotal: number; total: number; fees: number };
  rewards: Array<{
    id: string;
    order_id: string;
    created_at: string;
    value: { denomination: number; currency_code: string };
    recipient: { name: string; email: string };
    delivery: { method: 'EMAIL'; status: 'SCHEDULED' | 'FAILED' | 'SUCCEEDED' | 'PENDING' };
  }>;
}

/**
 * A local Tremendous for gift-card prizes (DESIGN §17), speaking the calls the
 * site makes through the `tremendous` client, as its types describe them:
 * orders made idempotent by `external_id` (the first answered again, with
 * 201, and no second made), an order read back, the balance funding source,
 * and webhooks signed as Tremendous signs them (HMAC-SHA256 of the body).
 * Tests steer the reward's delivery state, failures, and the balance.
 */
export async function startTremendousStandIn() {
  const orders = new Map<string, Order>();
  const byExternal = new Map<string, string>();
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const state = {
    /** The delivery state each new reward takes at once. */
    delivery: 'SUCCEEDED' as Order['rewards'][number]['delivery']['status'],
    failures: [] as Array<'before' | 'after'>,
    balanceCents: 500_00,
  };
  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const refuse = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { errors: { message, payload: {} } });

  function create(body: {
    external_id?: string;
    payment?: { funding_source_id?: string };
    reward?: {
      campaign_id?: string;
      value?: { denomination?: number; currency_code?: string };
      recipient?: { name?: string; email?: string };
      delivery?: { method?: string };
    };
  }): [number, unknown] {
    const existing = body.external_id ? byExternal.get(body.external_id) : undefined;
    if (existing) return [201, { order: orders.get(existing) }];
    const r = body.reward;
    const value = r?.value?.denomination;
    if (body.payment?.funding_source_id !== 'balance')
      return [400, { errors: { message: 'Unknown funding source' } }];
    if (r?.campaign_id !== CAMPAIGN_ID) return [400, { errors: { message: 'Campaign not found' } }];
    if (typeof value !== 'number' || value <= 0 || r.value?.currency_code !== 'GBP')
      return [400, { errors: { message: 'Invalid value' } }];
    if (!r.recipient?.email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(r.recipient.email) || !r.recipient.name)
      return [400, { errors: { message: 'Invalid recipient' } }];
    if (Math.round(value * 100) > state.balanceCents)
      return [402, { errors: { message: 'Insufficient funds' } }];
    state.balanceCents -= Math.round(value * 100);
    const orderId = id();
    const order: Order = {
      id: orderId,
      external_id: body.external_id ?? null,
      campaign_id: CAMPAIGN_ID,
      created_at: new Date().toISOString(),
      status: 'EXECUTED',
      payment: { subtotal: value, total: value, fees: 0 },
      rewards: [
        {
          id: id(),
          order_id: orderId,
          created_at: new Date().toISOString(),
          value: { denomination: value, currency_code: 'GBP' },
          recipient: { name: r.recipient.name, email: r.recipient.email },
          delivery: { method: 'EMAIL', status: state.delivery },
        },
      ],
    };
    orders.set(orderId, order);
    if (body.external_id) byExternal.set(body.external_id, orderId);
    return [200, { order }];
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    let text = '';
    for await (const chunk of req) text += chunk;
    const path = (req.url ?? '').split('?')[0]!;
    const body = text ? (JSON.parse(text) as unknown) : {};
    requests.push({ method: req.method ?? '', path, body });
    if (req.headers.authorization !== `Bearer ${API_KEY}`) return refuse(res, 401, 'Unauthorized');
    const failure = state.failures.shift();
    if (failure === 'before') return refuse(res, 500, 'Internal server error');
    let answer: [number, unknown];
    const one = path.match(/^\/orders\/([^/]+)$/);
    if (req.method === 'POST' && path === '/orders') answer = create(body as Parameters<typeof create>[0]);
    else if (req.method === 'GET' && one) {
      const order = orders.get(one[1]!) ?? orders.get(byExternal.get(one[1]!) ?? '');
      answer = order ? [200, { order }] : [404, { errors: { message: 'Order not found' } }];
    } else if (req.method === 'GET' && path === '/funding_sources')
      answer = [
        200,
        {
          funding_sources: [
            {
              id: 'BALANCE',
              method: 'balance',
              type: 'COMMERCIAL',
              status: 'ACTIVE',
              meta: { available_cents: state.balanceCents, pending_cents: 0, currency_code: 'GBP' },
            },
          ],
        },
      ];
    else answer = [404, { errors: { message: `No such call: ${req.method} ${path}` } }];
    if (failure === 'after') return refuse(res, 500, 'Internal server error');
    return send(res, answer[0], answer[1]);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err) => refuse(res, 500, String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: tremendousStandInEnv(url),
    state,
    requests,
    ordersFor: (externalId: string) => [...orders.values()].filter((o) => o.external_id === externalId),
    /** Moves an order's reward on, as Tremendous does when its email is delivered or bounces. */
    setDelivery(externalId: string, status: Order['rewards'][number]['delivery']['status']) {
      orders.get(byExternal.get(externalId)!)!.rewards[0]!.delivery.status = status;
    },
    /** A webhook about an order's reward, as Tremendous sends it, signed with the webhook key (or another, `forged`). */
    webhook(externalId: string, event: string, { forged = false } = {}) {
      const order = orders.get(byExternal.get(externalId)!)!;
      const body = JSON.stringify({
        event,
        uuid: randomUUID(),
        created_utc: new Date().toISOString(),
        payload: { resource: { id: order.rewards[0]!.id, type: 'rewards' }, meta: {} },
      });
      const signature = createHmac('sha256', forged ? 'not the key' : WEBHOOK_SECRET)
        .update(body)
        .digest('hex');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'tremendous-webhook-signature': `sha256=${signature}`,
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
