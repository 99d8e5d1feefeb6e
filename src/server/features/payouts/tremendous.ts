import { createHmac, timingSafeEqual } from 'node:crypto';
import { Configuration, FundingSourcesApi, OrdersApi } from 'tremendous';
import type { WithdrawalStatus } from '../../../contract/payouts';
import { penceToPounds } from '../../lib/money';
import {
  type PayoutOrder,
  type ProviderClient,
  type ProviderReading,
  ProviderRefused,
  ProviderUnavailable,
} from './provider';

export interface TremendousConfig {
  apiKey: string;
  /** https://www.tremendous.com/api/v2, or the sandbox's https://testflight.tremendous.com/api/v2. */
  apiUrl: string;
  /** The campaign that sets which gift cards a recipient may choose from, and the email they get. */
  campaignId: string;
  /** The key webhooks are signed with (HMAC-SHA256 of the body). */
  webhookSecret?: string;
}

/** How long one call may take before it counts as a timeout, which is retried like a 5xx. */
const CALL_TIMEOUT_MS = 15_000;

interface Order {
  id: string;
  status: string;
  rewards?: Array<{ id?: string; delivery?: { status?: string } }>;
}

/** An order's state, as ours: its reward delivered is paid; a failed or cancelled order, or delivery, failed. */
function stateOf(order: Order): WithdrawalStatus | null {
  const delivery = order.rewards?.[0]?.delivery?.status;
  if (order.status === 'FAILED' || order.status === 'CANCELED' || delivery === 'FAILED') return 'failed';
  if (delivery === 'SUCCEEDED') return 'paid';
  return null;
}

const reading = (order: Order): ProviderReading => ({
  ref: order.id,
  itemRef: order.rewards?.[0]?.id ?? null,
  status: stateOf(order),
  reason: stateOf(order) === 'failed' ? `Tremendous could not deliver the gift card (${order.status})` : null,
});

/** An axios error as ours: no answer or a 5xx may be tried again; a 4xx is refused. */
function providerError(err: unknown): Error {
  const e = err as {
    response?: { status?: number; data?: { errors?: { message?: string } } };
    message?: string;
  };
  const status = e.response?.status;
  if (!status || status >= 500)
    return new ProviderUnavailable(`Tremendous could not be reached: ${status ?? e.message}`);
  return new ProviderRefused(e.response?.data?.errors?.message ?? `Tremendous refused it (${status})`);
}

/**
 * Gift cards through Tremendous's maintained client (DESIGN §17): one order a
 * payout, its `external_id` our id, which Tremendous makes idempotent: sent
 * again, it answers the first order and makes no other.
 */
export class Tremendous implements ProviderClient {
  readonly name = 'tremendous' as const;
  private readonly orders: OrdersApi;
  private readonly fundingSources: FundingSourcesApi;

  constructor(private readonly config: TremendousConfig) {
    const configuration = new Configuration({
      basePath: config.apiUrl.replace(/\/$/, ''),
      accessToken: config.apiKey,
      baseOptions: { timeout: CALL_TIMEOUT_MS },
    });
    this.orders = new OrdersApi(configuration);
    this.fundingSources = new FundingSourcesApi(configuration);
  }

  async send(order: PayoutOrder): Promise<ProviderReading> {
    try {
      const { data } = await this.orders.createOrder({
        external_id: order.id,
        payment: { funding_source_id: 'balance' },
        reward: {
          campaign_id: this.config.campaignId,
          value: { denomination: penceToPounds(order.amountPence), currency_code: order.currency },
          recipient: { name: order.recipientName ?? order.receiver, email: order.receiver },
          delivery: { method: 'EMAIL' },
        },
      });
      return reading(data.order as Order);
    } catch (err) {
      throw providerError(err);
    }
  }

  async read(ref: string): Promise<ProviderReading> {
    try {
      const { data } = await this.orders.getOrder(ref);
      return reading(data.order as Order);
    } catch (err) {
      throw providerError(err);
    }
  }

  /** What the account's balance holds to pay with, in pence, or null when Tremendous does not say. */
  async balancePence(): Promise<number | null> {
    try {
      const { data } = await this.fundingSources.listFundingSources();
      const balance = data.funding_sources.find((f: { method: string }) => f.method === 'balance');
      return balance?.meta.available_cents ?? null;
    } catch (err) {
      throw providerError(err);
    }
  }

  /** Whether the body was signed with our webhook key: `Tremendous-Webhook-Signature: sha256=<hex>` over its bytes. */
  verifyWebhook(signature: string | undefined, rawBody: string) {
    if (!this.config.webhookSecret || !signature) return false;
    const expected = Buffer.from(
      `sha256=${createHmac('sha256', this.config.webhookSecret).update(rawBody).digest('hex')}`,
    );
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
