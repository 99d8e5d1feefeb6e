import { type Env, envSchema } from './env-schema';
import type { PayPalConfig } from './features/payouts/paypal';
import type { TremendousConfig } from './features/payouts/tremendous';
import { toPence } from './lib/money';
import { defaultRateLimits, parseRateLimit, type RateLimits, rateLimitVariable } from './rate-limits';

export { DEFAULT_PUSH_SERVICE_HOSTS, type Env } from './env-schema';

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  siteUrl: string;
  /** Whether SITE_URL was set, rather than siteUrl guessed from the port. */
  siteUrlSet: boolean;
  admin?: { email: string; password: string };
  smtpUrl?: string;
  mailFrom: string;
  /** The promoter the Contest Rules name; each part unset until configured, which the rules then say. */
  promoter: { name: string | null; address: string | null };
  redisUrl?: string;
  /** Social sign-in, each on only when its client id is set; ID tokens are checked against the JWKS. */
  google?: SignInProvider;
  apple?: SignInProvider;
  offerwall: { url?: string; publisherId?: string; secret?: string };
  /** Pounds to the dollar, for offer walls' revenue reported in dollars. */
  usdToGbp: number;
  scheduler: boolean;
  logLevel: Env['LOG_LEVEL'];
  sampleData: boolean;
  /**
   * Which X-Forwarded-For entries to believe, so limits count the real client: none, the last `n` hops
   * (each added by a proxy of ours, never the client's own), or those added by these proxy addresses.
   */
  trustProxy: false | number | string;
  /** Every rate limit: its default unless RATE_LIMIT_<NAME> sets it. */
  rateLimits: RateLimits;
  /**
   * Four eyes (DESIGN §16): a correction or payout that would bring what one member received, or what
   * one member of staff moved alone, in a day to these (pence; entries) waits for a second person.
   */
  approvalThresholds: ApprovalThresholds;
  /** Payouts (DESIGN §17): PayPal when its keys are set, and how often sent ones are read back. */
  payouts: {
    paypal?: PayPalConfig;
    tremendous?: TremendousConfig;
    reconcileSeconds: number;
    /** Staff are alerted when a provider's balance falls below this (pence). */
    lowBalancePence: number;
  };
  /** The bearer token /metrics is served to; without it there is no /metrics. */
  metricsToken?: string;
  /** The public randomness every new draw is mixed with (DRAW_BEACON=drand), or none. */
  drawBeacon?: DrawBeaconConfig;
  /** The push services Web Push goes to: an endpoint's host must be one of these or end with "." and one. */
  pushServiceHosts: string[];
  /** The seed of the Ed25519 key the audit chain's heads are signed with; unset, heads go unsigned. */
  auditSigningKey?: string;
  /** The public log (DESIGN §18): its checkpoints' signing seed (hex; unset, made once and kept) and period. */
  log: { signingKey?: string; checkpointSeconds: number };
  /** How long an active prize stays open at the least (DESIGN §19); 0 for no such rule. */
  prizeMinOpenHours: number;
  /** Within how many hours a person looks at a hold, a suspension or an appeal (DESIGN §19). */
  reviewSlaHours: number;
  /** Playing on more days in a row than this raises a wellbeing signal (DESIGN §19). */
  playDaysInARow: number;
  /** The rewarded-ad network's secret: set, ads pay only from its signed callback; unset, the demo ad. */
  adRewardSecret?: string;
  /** Web Push: the key pair when configured (otherwise made once and kept in the database), and who to contact. */
  vapid: { keys?: { publicKey: string; privateKey: string }; subject: string };
}

export interface ApprovalThresholds {
  cashPence: number;
  entries: number;
}

export interface DrawBeaconConfig {
  url: string;
  chainHash: string;
  publicKey: string;
}

export interface SignInProvider {
  clientId: string;
  jwksUrl: string;
}

export class ConfigError extends Error {}

/** The only reader of process.env. Blank values count as unset. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const raw = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    siteUrlSet: env.SITE_URL !== undefined,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL.trim().toLowerCase(), password: env.ADMIN_PASSWORD }
        : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    promoter: { name: env.PROMOTER_NAME ?? null, address: env.PROMOTER_ADDRESS ?? null },
    redisUrl: env.REDIS_URL,
    google: env.GOOGLE_CLIENT_ID
      ? { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL }
      : undefined,
    apple: env.APPLE_CLIENT_ID ? { clientId: env.APPLE_CLIENT_ID, jwksUrl: env.APPLE_JWKS_URL } : undefined,
    offerwall: {
      url: env.OFFERWALL_URL,
      publisherId: env.OFFERWALL_PUBLISHER_ID,
      secret: env.OFFERWALL_SECRET,
    },
    scheduler: env.SCHEDULER,
    logLevel: env.LOG_LEVEL,
    sampleData: env.SAMPLE_DATA,
    trustProxy: env.TRUST_PROXY,
    rateLimits: Object.fromEntries(
      Object.entries(defaultRateLimits).map(([name, fallback]) => {
        const value = (env as Record<string, unknown>)[rateLimitVariable(name)];
        return [name, typeof value === 'string' ? parseRateLimit(value)! : fallback];
      }),
    ) as unknown as RateLimits,
    usdToGbp: env.USD_TO_GBP,
    approvalThresholds: {
      cashPence: toPence(env.APPROVAL_CASH_POUNDS),
      entries: env.APPROVAL_ENTRIES,
    },
    payouts: {
      paypal:
        env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
          ? {
              clientId: env.PAYPAL_CLIENT_ID,
              clientSecret: env.PAYPAL_CLIENT_SECRET,
              apiUrl: env.PAYPAL_API_URL,
              webhookId: env.PAYPAL_WEBHOOK_ID,
            }
          : undefined,
      tremendous:
        env.TREMENDOUS_API_KEY && env.TREMENDOUS_CAMPAIGN_ID
          ? {
              apiKey: env.TREMENDOUS_API_KEY,
              apiUrl: env.TREMENDOUS_API_URL,
              campaignId: env.TREMENDOUS_CAMPAIGN_ID,
              webhookSecret: env.TREMENDOUS_WEBHOOK_SECRET,
            }
          : undefined,
      reconcileSeconds: env.PAYOUT_RECONCILE_SECONDS,
      lowBalancePence: toPence(env.PAYOUT_LOW_BALANCE_POUNDS),
    },
    metricsToken: env.METRICS_TOKEN,
    drawBeacon:
      env.DRAW_BEACON === 'drand'
        ? {
            url: env.DRAND_URL.replace(/\/$/, ''),
            chainHash: env.DRAND_CHAIN_HASH.toLowerCase(),
            publicKey: env.DRAND_PUBLIC_KEY.toLowerCase(),
          }
        : undefined,
    auditSigningKey: env.AUDIT_SIGNING_KEY?.toLowerCase(),
    log: { signingKey: env.LOG_SIGNING_KEY?.toLowerCase(), checkpointSeconds: env.LOG_CHECKPOINT_SECONDS },
    prizeMinOpenHours: env.PRIZE_MIN_OPEN_HOURS,
    reviewSlaHours: env.REVIEW_SLA_HOURS,
    playDaysInARow: env.PLAY_DAYS_IN_A_ROW,
    adRewardSecret: env.AD_REWARD_SECRET,
    pushServiceHosts: env.PUSH_SERVICE_HOSTS.split(',').map((h) => h.trim().toLowerCase()),
    vapid: {
      keys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      // Push services contact the sender here about problems: the mail sender's address by default.
      subject: env.VAPID_SUBJECT ?? `mailto:${env.MAIL_FROM.match(/<([^>]+)>/)?.[1] ?? env.MAIL_FROM}`,
    },
  };
}
