import { z } from 'zod';
import { QUICKNET } from '../shared/beacon';
import { defaultRateLimits, parseRateLimit, rateLimitVariable } from './rate-limits';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'on', 'yes'].includes(v)));

/** The browsers' push services: Chrome's and Edge's (FCM), Firefox's, Windows', Safari's. */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

const optionalUrl = z.url({ error: 'must be a URL' }).optional();

/** RATE_LIMIT_<NAME>=<count>/<window>, one per limit, each optional. */
const rateLimitVariables = Object.fromEntries(
  Object.keys(defaultRateLimits).map((name) => [
    rateLimitVariable(name),
    z
      .string()
      .refine((v) => parseRateLimit(v) !== undefined, 'must be <count>/<window>, such as 20/1h or 30/15m')
      .optional(),
  ]),
);
const optionalText = z.string().min(1).optional();

/** Every environment variable the server reads, checked and given its default (loadConfig in config.ts reads them). */
export const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a port number')
      .min(0, 'must be a port number')
      .max(65535, 'must be a port number')
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    SITE_URL: optionalUrl,
    ADMIN_EMAIL: z
      .string()
      .trim()
      .pipe(z.email({ error: 'must be an email address' }))
      .optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Prize Draw <no-reply@localhost>'),
    // Who runs the draws, as the Contest Rules must name them: a legal name and a postal address.
    PROMOTER_NAME: optionalText,
    PROMOTER_ADDRESS: optionalText,
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    GOOGLE_CLIENT_ID: optionalText,
    APPLE_CLIENT_ID: optionalText,
    GOOGLE_JWKS_URL: z.url({ error: 'must be a URL' }).default('https://www.googleapis.com/oauth2/v3/certs'),
    APPLE_JWKS_URL: z.url({ error: 'must be a URL' }).default('https://appleid.apple.com/auth/keys'),
    OFFERWALL_URL: optionalUrl,
    OFFERWALL_PUBLISHER_ID: optionalText,
    OFFERWALL_SECRET: optionalText,
    // The rewarded-ad network's shared secret (DESIGN §19): set, video ads pay only on its signed callback.
    AD_REWARD_SECRET: optionalText,
    // What a dollar is worth in pounds, for the revenue of walls that report their payouts in dollars.
    USD_TO_GBP: z.coerce
      .number({ error: 'must be a number' })
      .positive('must be more than 0')
      .max(10, 'must be at most 10')
      .default(0.79),
    SCHEDULER: flag(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SAMPLE_DATA: flag(true),
    // false; true (one proxy); the number of proxies in front; or their addresses (IPs or CIDRs, comma-separated).
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(
        /^(true|false|[1-9]\d?|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
        'must be false, true, a number of proxies, or the proxies’ addresses',
      )
      .optional()
      .transform((v): false | number | string => {
        if (v === undefined || v === 'false') return false;
        if (v === 'true') return 1;
        return /^\d+$/.test(v) ? Number(v) : v;
      }),
    // Four eyes (DESIGN §16): what one member of staff may move alone in a day, and one member receive.
    APPROVAL_CASH_POUNDS: z.coerce
      .number({ error: 'must be a number of pounds' })
      .positive('must be more than 0')
      .max(100_000, 'must be at most 100000')
      .default(20),
    APPROVAL_ENTRIES: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .positive('must be more than 0')
      .max(100_000_000, 'must be at most 100000000')
      .default(1000),
    // Payouts (DESIGN §17): PayPal's Payouts API, on only with its client id and secret.
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_CLIENT_SECRET: optionalText,
    PAYPAL_API_URL: z.url({ error: 'must be a URL' }).default('https://api-m.paypal.com'),
    PAYPAL_WEBHOOK_ID: optionalText,
    // Gift cards through Tremendous, on only with its key and campaign.
    TREMENDOUS_API_KEY: optionalText,
    TREMENDOUS_API_URL: z.url({ error: 'must be a URL' }).default('https://www.tremendous.com/api/v2'),
    TREMENDOUS_WEBHOOK_SECRET: optionalText,
    TREMENDOUS_CAMPAIGN_ID: optionalText,
    // Staff are alerted when a provider's balance to pay from falls below this.
    PAYOUT_LOW_BALANCE_POUNDS: z.coerce
      .number({ error: 'must be a number of pounds' })
      .min(0, 'must be 0 or more')
      .max(1_000_000, 'must be at most 1000000')
      .default(100),
    // How long a sent payout may wait for its webhook before it is read back, and how often that runs.
    PAYOUT_RECONCILE_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(5, 'must be at least 5')
      .max(86_400, 'must be at most 86400')
      .default(900),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    DRAW_BEACON: z.enum(['none', 'drand'], { error: 'must be none or drand' }).default('none'),
    DRAND_URL: z.url({ error: 'must be a URL' }).default('https://api.drand.sh'),
    DRAND_CHAIN_HASH: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex digits')
      .default(QUICKNET.chainHash),
    DRAND_PUBLIC_KEY: z
      .string()
      .regex(/^[0-9a-f]{192}$/i, 'must be a 96-byte key in hex')
      .default(QUICKNET.publicKey),
    // Web Push's key pair (base64url, P-256), both or neither; without them one is made once and kept.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key in base64url (87 characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https:// URL')
      .optional(),
    // Host suffixes of the push services the site sends Web Push to; by default the browsers' own.
    PUSH_SERVICE_HOSTS: z
      .string()
      .regex(/^\s*[a-z0-9.:[\]-]+(\s*,\s*[a-z0-9.:[\]-]+)*\s*$/i, 'must be a comma list of host names')
      .default(DEFAULT_PUSH_SERVICE_HOSTS.join(',')),
    // The audit chain's head is signed with this Ed25519 key (its 32-byte seed, hex), kept outside the database.
    AUDIT_SIGNING_KEY: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, 'must be an Ed25519 private key: 64 hex digits')
      .optional(),
    // The public log's checkpoints are signed with this Ed25519 key (its 32-byte seed, hex); unset, one is
    // made at the first start and kept in the database.
    LOG_SIGNING_KEY: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, 'must be an Ed25519 private key: 64 hex digits')
      .optional(),
    // How often, at most, the public log signs a checkpoint over leaves it has not yet covered.
    LOG_CHECKPOINT_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(1, 'must be at least 1')
      .max(86_400, 'must be at most 86400')
      .default(60),
    // An active prize stays open at least this long (DESIGN §19, the DCMS code); 0 turns the rule off.
    PRIZE_MIN_OPEN_HOURS: z.coerce
      .number({ error: 'must be a number of hours' })
      .int('must be a whole number of hours')
      .min(0, 'must be 0 or more')
      .max(24 * 90, 'must be at most 2160')
      .default(24),
    // Playing (entering or spinning) on more days in a row than this raises a wellbeing signal (§19).
    PLAY_DAYS_IN_A_ROW: z.coerce
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(2, 'must be at least 2')
      .max(365, 'must be at most 365')
      .default(30),
    // A held or suspended member is told a person will look within this many hours (DESIGN §19).
    REVIEW_SLA_HOURS: z.coerce
      .number({ error: 'must be a number of hours' })
      .int('must be a whole number of hours')
      .min(1, 'must be at least 1')
      .max(24 * 30, 'must be at most 720')
      .default(48),
    ...rateLimitVariables,
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'is required when the other of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY is set',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'is required when the other of ADMIN_EMAIL and ADMIN_PASSWORD is set',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;
