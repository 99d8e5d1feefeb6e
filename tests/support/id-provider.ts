import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const APPLE_ISSUER = 'https://appleid.apple.com';

export interface TokenOptions {
  claims?: JWTPayload;
  issuer?: string;
  audience?: string;
  /** Seconds since the epoch; defaults to now. */
  issuedAt?: number;
  expiresInSeconds?: number;
  /** Sign with a key the JWKS does not hold, under the served key's id: a forgery. */
  forged?: boolean;
}

/**
 * A stand-in for Google's or Apple's token service: it serves a JWKS at
 * /jwks with a key made at start-up, and signs ID tokens with it. Tests and
 * the browser suite point GOOGLE_JWKS_URL / APPLE_JWKS_URL here.
 */
export async function startIdProvider(port = 0) {
  const kid = randomUUID();
  const real = await generateKeyPair('RS256');
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(real.publicKey)), kid, alg: 'RS256', use: 'sig' };

  async function sign(options: TokenOptions & { audience: string; issuer: string }) {
    const now = options.issuedAt ?? Math.floor(Date.now() / 1000);
    return new SignJWT({ ...options.claims })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
      .setJti(randomUUID())
      .sign(options.forged ? forger.privateKey : real.privateKey);
  }

  const server: Server = createServer(async (req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/jwks') {
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    // POST /token { issuer, audience, claims }: for the browser suite, which cannot hold the key.
    if (req.url === '/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      res.end(JSON.stringify({ token: await sign(JSON.parse(body)) }));
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    jwksUrl: `${url}/jwks`,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type IdProvider = Awaited<ReturnType<typeof startIdProvider>>;

// Run directly, it serves on the given port until stopped (the browser suite's provider).
if (process.argv[1]?.endsWith('id-provider.ts')) {
  const port = Number(process.argv[2] ?? 3101);
  startIdProvider(port).then((p) => console.log(`test identity provider at ${p.jwksUrl}`));
}
