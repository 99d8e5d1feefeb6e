import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/** A certificate for 127.0.0.1 made for this run, so the push service can speak HTTPS as real ones do. */
function selfSigned() {
  const dir = mkdtempSync(join(tmpdir(), 'push-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A browser's side of a push subscription: its P-256 key pair and auth secret (RFC 8291). */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/**
 * Decrypts an aes128gcm push message (RFC 8188, with RFC 8291's key derivation)
 * as the browser holding `browser`'s keys would.
 */
export function decryptPush(body: Buffer, browser: ReturnType<typeof browserKeys>) {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('a push message is one record');
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any padding of zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the push message has no final-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1 over HTTPS, as browsers' push services are: it
 * keeps what it receives and answers each push with the next status in
 * `answers` (201 when they run out), so a test can make a subscription gone (410)
 * or the service down (503). `agent` trusts its certificate.
 */
export async function pushService() {
  const tls = selfSigned();
  const received: ReceivedPush[] = [];
  const answers: number[] = [];
  const server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.shift() ?? 201).end();
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  return {
    origin: `https://127.0.0.1:${port}`,
    received,
    answers,
    agent: new Agent({ ca: tls.cert }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Checks a push's VAPID Authorization (RFC 8292) against the site's public key; answers its claims. */
export async function verifyVapid(authorization: string, publicKey: string) {
  const match = authorization.match(/^vapid t=([^,]+), k=(.+)$/);
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = match;
  if (k !== publicKey) throw new Error('the push names another key');
  const point = Buffer.from(publicKey, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  await jwtVerify(jwt!, key);
  return { header: decodeProtectedHeader(jwt!), claims: decodeJwt(jwt!) };
}
