import {
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyPairKeyObjectResult,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/** PayPal's item states (transaction_enum in ../shared/vendor/paypal/payments_payouts_batch_v1.json). */
export type ItemState =
  | 'SUCCESS'
  | 'FAILED'
  | 'PENDING'
  | 'UNCLAIMED'
  | 'RETURNED'
  | 'ONHOLD'
  | 'BLOCKED'
  | 'REFUNDED'
  | 'REVERSED';

interface Item {
  payout_item_id: string;
  transaction_id: string;
  transaction_status: ItemState;
  payout_batch_id: string;
  payout_item: {
    recipient_type: string;
    amount: { currency: string; value: string };
    receiver: string;
    sender_item_id?: string;
    note?: string;
  };
  errors?: { name: string; message: string };
}
interface Batch {
  batch_header: {
    payout_batch_id: string;
    batch_status: string;
    time_created: string;
    sender_batch_header: { sender_batch_id: string; recipient_type?: string; email_subject?: string };
    amount: { currency: string; value: string };
  };
  items: Item[];
}

const CLIENT_ID = 'stand-in-client';
const CLIENT_SECRET = 'stand-in-secret';
export const PAYPAL_WEBHOOK_ID = 'WH-STAND-IN-1';

/** The environment a site needs to pay through the stand-in at `url`. */
export const payPalStandInEnv = (url: string) => ({
  PAYPAL_CLIENT_ID: CLIENT_ID,
  PAYPAL_CLIENT_SECRET: CLIENT_SECRET,
  PAYPAL_API_URL: url,
  PAYPAL_WEBHOOK_ID,
});
const id = (n = 13) =>
  randomBytes(n)
    .toString('base64url')
    .replace(/[^A-Z0-9]/gi, '')
    .toUpperCase()
    .slice(0, n)
    .padEnd(n, 'X');
const error = (name: string, message: string, extra: Record<string, unknown> = {}) => ({
  name,
  message,
  debug_id: id(12).toLowerCase(),
  ...extra,
});

/** PayPal's signing key, and a forger's: made once a process, as each takes a moment. */
let madeKeys: { keys: KeyPairKeyObjectResult; forger: KeyPairKeyObjectResult } | undefined;
function signingKeys() {
  madeKeys ??= {
    keys: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    forger: generateKeyPairSync('rsa', { modulusLength: 2048 }),
  };
  return madeKeys;
}

/**
 * A local PayPal for the payouts (DESIGN §17), speaking the calls the site
 * makes as PayPal's published description has them: an OAuth2 token from the
 * client credentials; a payout batch of items, which refuses a
 * `sender_batch_id` used before with USER_BUSINESS_ERROR and a link to the
 * original; reading a batch and an item back; cancelling an unclaimed item;
 * and verifying a webhook only when its signature (RSA over transmission id,
 * time, webhook id and the CRC32 of the event's bytes) is right. Tests steer
 * it: what state new items take, failures (500 before or after the work is
 * done), and signed webhooks sent to the site.
 */
export async function startPayPalStandIn(port = 0) {
  const { keys, forger } = signingKeys();
  const tokens = new Set<string>();
  const batches = new Map<string, Batch>();
  const bySender = new Map<string, string>();
  const items = new Map<string, Item>();
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const state = {
    /** The state each new item takes at once. */
    outcome: 'SUCCESS' as ItemState,
    /** Calls to fail with 500, before or after doing their work (PayPal took it, but the answer was lost). */
    failures: [] as Array<'before' | 'after'>,
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => resolve(text));
    });

  function createBatch(body: {
    sender_batch_header?: { sender_batch_id?: string; recipient_type?: string; email_subject?: string };
    items?: Array<Item['payout_item']>;
  }) {
    const header = body.sender_batch_header;
    if (!header?.sender_batch_id || !Array.isArray(body.items) || body.items.length === 0)
      return {
        status: 400,
        body: error('VALIDATION_ERROR', 'Invalid request - see details', {
          details: [{ field: 'items', issue: 'Required field is missing' }],
        }),
      };
    for (const item of body.items) {
      const value = item?.amount?.value;
      if (!item?.receiver || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(item.receiver))
        return {
          status: 400,
          body: error('VALIDATION_ERROR', 'Invalid request - see details', {
            details: [
              { field: 'items[0].receiver', issue: 'Receiver is invalid or does not match with type' },
            ],
          }),
        };
      if (
        item.amount?.currency !== 'GBP' ||
        typeof value !== 'string' ||
        !/^\d+\.\d{2}$/.test(value) ||
        Number(value) <= 0
      )
        return {
          status: 400,
          body: error('VALIDATION_ERROR', 'Invalid request - see details', {
            details: [{ field: 'items[0].amount', issue: 'Currency or amount is invalid' }],
          }),
        };
    }
    const existing = bySender.get(header.sender_batch_id);
    if (existing)
      return {
        status: 400,
        body: error('USER_BUSINESS_ERROR', 'User business error.', {
          details: [
            {
              field: 'SENDER_BATCH_ID',
              location: 'body',
              issue: `Batch with given sender_batch_id already exists`,
              link: [
                {
                  href: `${url}/v1/payments/payouts/${existing}`,
                  rel: 'self',
                  method: 'GET',
                  encType: 'application/json',
                },
              ],
            },
          ],
        }),
      };
    const batchId = id();
    const total = body.items.reduce((sum, i) => sum + Number(i.amount.value), 0);
    const batch: Batch = {
      batch_header: {
        payout_batch_id: batchId,
        batch_status: 'PENDING',
        time_created: new Date().toISOString(),
        sender_batch_header: header as Batch['batch_header']['sender_batch_header'],
        amount: { currency: 'GBP', value: total.toFixed(2) },
      },
      items: body.items.map((payoutItem) => {
        const item: Item = {
          payout_item_id: id(),
          transaction_id: id(17),
          transaction_status: state.outcome,
          payout_batch_id: batchId,
          payout_item: payoutItem,
          ...(state.outcome === 'FAILED' && {
            errors: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' },
          }),
        };
        items.set(item.payout_item_id, item);
        return item;
      }),
    };
    batches.set(batchId, batch);
    bySender.set(header.sender_batch_id, batchId);
    return {
      status: 201,
      body: {
        batch_header: { payout_batch_id: batchId, batch_status: 'PENDING', sender_batch_header: header },
        links: [{ href: `${url}/v1/payments/payouts/${batchId}`, rel: 'self', method: 'GET' }],
      },
    };
  }

  /** The part of the verify call's body that is the event: its very bytes, as PayPal hashes them. */
  const eventBytes = (text: string) => {
    const at = text.indexOf('"webhook_event":');
    return at < 0 ? '' : text.slice(at + '"webhook_event":'.length, text.lastIndexOf('}'));
  };
  const signed = (transmissionId: string, time: string, webhookId: string, event: string) =>
    `${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(event))}`;

  async function route(req: IncomingMessage, res: ServerResponse) {
    const text = await read(req);
    const path = (req.url ?? '').split('?')[0]!;
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      if (path !== '/v1/oauth2/token')
        return send(
          res,
          400,
          error('MALFORMED_REQUEST', 'Incoming JSON request does not comply with JSON standard'),
        );
    }
    requests.push({ method: req.method ?? '', path, body });
    if (path === '/v1/oauth2/token' && req.method === 'POST') {
      const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}` || !text.includes('grant_type=client_credentials'))
        return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      const token = `A21AA${id(40)}`;
      tokens.add(token);
      return send(res, 200, {
        scope: 'https://uri.paypal.com/payments/payouts',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-STANDIN',
        expires_in: 32400,
        nonce: id(20),
      });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer))
      return send(res, 401, {
        name: 'AUTHENTICATION_FAILURE',
        message:
          'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      });
    const failure = state.failures.shift();
    if (failure === 'before')
      return send(res, 500, error('INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'));
    const answer = handle(req.method ?? '', path, body, text);
    if (failure === 'after')
      return send(res, 500, error('INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'));
    return send(res, answer.status, answer.body);
  }

  function handle(
    method: string,
    path: string,
    body: unknown,
    text: string,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/payments/payouts')
      return createBatch(body as Parameters<typeof createBatch>[0]);
    let m = path.match(/^\/v1\/payments\/payouts\/([^/]+)$/);
    if (method === 'GET' && m) {
      const batch = batches.get(m[1]!);
      return batch
        ? { status: 200, body: batch }
        : { status: 404, body: error('RESOURCE_NOT_FOUND', 'The specified resource does not exist.') };
    }
    m = path.match(/^\/v1\/payments\/payouts-item\/([^/]+)(\/cancel)?$/);
    if (m) {
      const item = items.get(m[1]!);
      if (!item)
        return { status: 404, body: error('RESOURCE_NOT_FOUND', 'The specified resource does not exist.') };
      if (method === 'GET' && !m[2]) return { status: 200, body: item };
      if (method === 'POST' && m[2]) {
        if (item.transaction_status !== 'UNCLAIMED')
          return {
            status: 400,
            body: error('ITEM_CANCELLATION_FAILED', 'Only unclaimed items can be cancelled'),
          };
        item.transaction_status = 'RETURNED';
        return { status: 200, body: item };
      }
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const v = body as Record<string, string>;
      const ok =
        v.webhook_id === PAYPAL_WEBHOOK_ID &&
        v.auth_algo === 'SHA256withRSA' &&
        createVerify('RSA-SHA256')
          .update(signed(v.transmission_id ?? '', v.transmission_time ?? '', v.webhook_id, eventBytes(text)))
          .verify(keys.publicKey, v.transmission_sig ?? '', 'base64');
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    return { status: 404, body: error('NOT_FOUND', `No such call: ${method} ${path}`) };
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((err) => send(res, 500, error('INTERNAL_SERVER_ERROR', String(err))));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A webhook event for an item, as PayPal sends it, signed by PayPal's key (or by another, `forged`). */
  function webhook(
    itemId: string,
    eventType: string,
    { forged = false, eventId = `WH-${id(17)}` }: { forged?: boolean; eventId?: string } = {},
  ) {
    const item = items.get(itemId);
    const event = JSON.stringify({
      id: eventId,
      create_time: new Date().toISOString(),
      resource_type: 'payouts_item',
      event_version: '1.0',
      event_type: eventType,
      summary: `Payout item ${eventType}`,
      resource: {
        ...item,
        sender_batch_id:
          item && batches.get(item.payout_batch_id)?.batch_header.sender_batch_header.sender_batch_id,
      },
      links: [],
    });
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    const sig = createSign('RSA-SHA256')
      .update(signed(transmissionId, time, PAYPAL_WEBHOOK_ID, event))
      .sign((forged ? forger : keys).privateKey, 'base64');
    return {
      body: event,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${url}/v1/notifications/certs/CERT-STANDIN`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': sig,
        'paypal-transmission-time': time,
      },
    };
  }

  return {
    url,
    /** The environment a site needs to pay through this stand-in. */
    env: {
      PAYPAL_CLIENT_ID: CLIENT_ID,
      PAYPAL_CLIENT_SECRET: CLIENT_SECRET,
      PAYPAL_API_URL: url,
      PAYPAL_WEBHOOK_ID,
    },
    config: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, apiUrl: url, webhookId: PAYPAL_WEBHOOK_ID },
    state,
    requests,
    /** Every batch made for our id (its sender_batch_id): more than one would be a double payment. */
    batchesFor: (senderBatchId: string) =>
      [...batches.values()].filter(
        (b) => b.batch_header.sender_batch_header.sender_batch_id === senderBatchId,
      ),
    itemFor: (senderBatchId: string) => batches.get(bySender.get(senderBatchId) ?? '')?.items[0],
    /** Moves an item on, as PayPal would when its recipient claims it or it comes back. */
    setItemState(itemId: string, status: ItemState) {
      items.get(itemId)!.transaction_status = status;
    },
    webhook,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PayPalStandIn = Awaited<ReturnType<typeof startPayPalStandIn>>;

// Run directly, it serves on the given port until stopped (the browser suite's PayPal).
if (process.argv[1]?.endsWith('paypal-stand-in.ts')) {
  startPayPalStandIn(Number(process.argv[2] ?? 3106)).then((p) => console.log(`PayPal stand-in at ${p.url}`));
}
