import { penceToPounds } from '../../lib/money';
import type { PayoutOrder, ProviderClient, ProviderReading } from './provider';
import { ProviderRefused, ProviderUnavailable } from './provider';
import { paypalState } from './states';

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com, or the sandbox's https://api-m.sandbox.paypal.com. */
  apiUrl: string;
  /** The webhook's id in PayPal's dashboard: its signatures are checked against it. */
  webhookId?: string;
}

/** How long one call may take before it counts as a timeout, which is retried like a 5xx. */
const CALL_TIMEOUT_MS = 15_000;

interface PayPalError {
  name?: string;
  message?: string;
  details?: Array<{ issue?: string; link?: Link[]; links?: Link[] }>;
  links?: Link[];
}
interface Link {
  href?: string;
  rel?: string;
}
interface PayoutItem {
  payout_item_id?: string;
  transaction_status?: string;
  payout_item?: { sender_item_id?: string };
  errors?: { name?: string; message?: string };
}
interface PayoutBatch {
  batch_header?: { payout_batch_id?: string; batch_status?: string };
  items?: PayoutItem[];
}

/** The webhook's headers PayPal's signature is checked with (its transmission, its certificate). */
export const PAYPAL_SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/**
 * PayPal's Payouts REST API, called directly (DESIGN §17): an OAuth2 token
 * from the client credentials, kept until shortly before it expires; one item
 * a batch, whose `sender_batch_id` and `sender_item_id` are the withdrawal's
 * id, so sending it again can never pay twice.
 */
export class PayPal implements ProviderClient {
  readonly name = 'paypal' as const;
  private token?: { value: string; until: number };

  constructor(private readonly config: PayPalConfig) {}

  async send(order: PayoutOrder): Promise<ProviderReading> {
    const body = {
      sender_batch_header: {
        sender_batch_id: order.id,
        recipient_type: 'EMAIL',
        email_subject: 'You have a payout',
        email_message: order.note,
      },
      items: [
        {
          recipient_type: 'EMAIL',
          amount: { value: penceToPounds(order.amountPence).toFixed(2), currency: order.currency },
          receiver: order.receiver,
          sender_item_id: order.id,
          note: order.note,
        },
      ],
    };
    const answer = await this.call('POST', '/v1/payments/payouts', body);
    if (answer.ok) return this.readBatch((answer.body as PayoutBatch).batch_header?.payout_batch_id);
    const error = answer.body as PayPalError;
    // A batch id used before: PayPal links the original, which is this payout, sent before.
    const original = [
      ...(error.links ?? []),
      ...(error.details ?? []).flatMap((d) => [...(d.link ?? []), ...(d.links ?? [])]),
    ]
      .map((l) => l.href?.match(/\/v1\/payments\/payouts\/([^/?#]+)/)?.[1])
      .find(Boolean);
    if (error.name === 'USER_BUSINESS_ERROR' && original) return this.readBatch(original);
    throw new ProviderRefused(describe(error));
  }

  /** Reads a payout back by its batch id: its one item, and where that stands. */
  async read(ref: string): Promise<ProviderReading> {
    return this.readBatch(ref);
  }

  /** Cancels an unclaimed item: PayPal returns the money to our balance. */
  async cancel(itemRef: string) {
    const answer = await this.call('POST', `/v1/payments/payouts-item/${encodeURIComponent(itemRef)}/cancel`);
    if (!answer.ok) throw new ProviderRefused(describe(answer.body as PayPalError));
    return reading(undefined, answer.body as PayoutItem);
  }

  /**
   * Whether PayPal signed this webhook, asked of PayPal itself. The event is
   * passed as the very text that arrived, since the signature covers those
   * bytes, not a copy parsed and written again.
   */
  async verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string) {
    if (!this.config.webhookId) return false;
    const fields: Record<string, string> = { webhook_id: this.config.webhookId };
    for (const [field, header] of Object.entries(PAYPAL_SIGNATURE_HEADERS)) {
      const value = headers[header];
      if (typeof value !== 'string' || !value) return false;
      fields[field] = value;
    }
    const text = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
    const answer = await this.call('POST', '/v1/notifications/verify-webhook-signature', text);
    return answer.ok && (answer.body as { verification_status?: string }).verification_status === 'SUCCESS';
  }

  private async readBatch(batchId: string | undefined): Promise<ProviderReading> {
    if (!batchId) throw new ProviderUnavailable('PayPal answered without a payout batch id');
    const answer = await this.call('GET', `/v1/payments/payouts/${encodeURIComponent(batchId)}`);
    if (!answer.ok) throw new ProviderRefused(describe(answer.body as PayPalError));
    return reading(batchId, (answer.body as PayoutBatch).items?.[0]);
  }

  private async accessToken() {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const answer = await this.fetch('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (answer.status >= 500) throw new ProviderUnavailable(`PayPal's sign-in answered ${answer.status}`);
    const body = (await answer.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!answer.ok || !body.access_token)
      throw new ProviderRefused(`PayPal refused our client credentials (${answer.status})`);
    // A minute early, so a token never expires on its way.
    this.token = { value: body.access_token, until: Date.now() + ((body.expires_in ?? 300) - 60) * 1000 };
    return this.token.value;
  }

  /** One call: a 5xx, a timeout or a lost connection is ProviderUnavailable (try again); a 4xx is answered. */
  private async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    for (let attempt = 0; ; attempt++) {
      const answer = await this.fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      // A token PayPal no longer takes: once more with a new one.
      if (answer.status === 401 && attempt === 0) {
        this.token = undefined;
        continue;
      }
      if (answer.status >= 500)
        throw new ProviderUnavailable(`PayPal answered ${answer.status} to ${method} ${path}`);
      return {
        ok: answer.ok,
        status: answer.status,
        body: (await answer.json().catch(() => ({}))) as unknown,
      };
    }
  }

  private async fetch(path: string, init: RequestInit) {
    try {
      return await fetch(`${this.config.apiUrl.replace(/\/$/, '')}${path}`, {
        ...init,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (err) {
      throw new ProviderUnavailable(`PayPal could not be reached: ${(err as Error).message}`);
    }
  }
}

function reading(batchId: string | undefined, item: PayoutItem | undefined): ProviderReading {
  return {
    ref: batchId ?? null,
    itemRef: item?.payout_item_id ?? null,
    status: item?.transaction_status ? paypalState(item.transaction_status) : null,
    reason: item?.errors?.message ?? null,
  };
}

const describe = (error: PayPalError) =>
  [error.name, error.message, ...(error.details ?? []).map((d) => d.issue)].filter(Boolean).join(': ') ||
  'PayPal refused the payout';
