import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';
import { isServerPath } from '../lib/server-paths';

/** Where the sign-in providers' own scripts come from, allowed only when that provider is set up. */
const GOOGLE_ORIGIN = 'https://accounts.google.com';
const APPLE_SCRIPT_ORIGIN = 'https://appleid.cdn-apple.com';

/**
 * Only our own files run: no inline script, nothing framed, nothing loaded from
 * elsewhere but images, and the scripts of the sign-in providers in use.
 */
function contentSecurityPolicy(signIn: { google: boolean; apple: boolean }) {
  const google = signIn.google ? [GOOGLE_ORIGIN] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...google, ...(signIn.apple ? [APPLE_SCRIPT_ORIGIN] : [])],
      // react-hot-toast injects its keyframes as a <style> element; Google's button brings its own stylesheet.
      styleSrc: ["'self'", "'unsafe-inline'", ...google],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...google],
      frameSrc: ["'self'", 'https:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/**
 * The headers helmet sets, worked out once at start-up: they are the same for
 * every answer, and building them per request cost more than the cached reads.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * What an API answer needs of them (OWASP's REST set): not to be sniffed into
 * something runnable, framed, read by other origins or fetched over plain HTTP,
 * and if ever opened as a page, to load nothing. The rest govern documents
 * alone, and every answer of a busy read would carry and have parsed their
 * bytes for nothing.
 */
function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': pageHeaders['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
  };
}

async function securityPlugin(
  app: FastifyInstance,
  opts: { redisUrl?: string; signIn: { google: boolean; apple: boolean } },
) {
  const pageHeaders = securityHeaders({
    contentSecurityPolicy: contentSecurityPolicy(opts.signIn),
    crossOriginEmbedderPolicy: false,
    // Apple's and Google's sign-in popups report back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  const answerHeaders = apiHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isServerPath(request.url) ? answerHeaders : pageHeaders);
    done();
  });

  // Routes opt in with `config: { rateLimit }`; with REDIS_URL the counters are shared by every instance.
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) {
    // Without Redis the limits fall back to letting requests through (skipOnError); say so, once per failure.
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'rate-limit store unavailable'));
    app.addHook('onClose', async () => void redis.quit());
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'prizedraw-rl-',
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `Too many attempts. Please try again in ${context.after}.`, 'rate_limited'),
  });
}

// Not encapsulated: these hooks and handlers apply to every route of the app.
export const security = fp(securityPlugin, { name: 'security' });
