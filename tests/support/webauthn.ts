/**
 * A passkey authenticator in software, for the server tests: it makes a P-256
 * key pair and answers the WebAuthn ceremonies as a browser with a platform
 * authenticator would (attestation "none", user present and verified), so the
 * server checks real signatures over real challenges.
 */
import { createHash, type createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(bytes as Uint8Array<ArrayBuffer>);
const sha256 = (data: Uint8Array | string) =>
  new Uint8Array(createHash('sha256').update(data).digest()) as Uint8Array<ArrayBuffer>;
const UP_UV = 0x01 | 0x04;
const ATTESTED = 0x40;

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function concat(...parts: Uint8Array[]) {
  const out: Uint8Array<ArrayBuffer> = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const counterBytes = (n: number) =>
  new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

export class SoftAuthenticator {
  private readonly privateKey: ReturnType<typeof createPrivateKey>;
  private readonly cose: Uint8Array;
  readonly credentialId = new Uint8Array(randomBytes(16));
  private counter = 0;
  private userHandle = '';

  constructor(
    readonly origin: string,
    /** A counter that never moves (as many platform authenticators keep). */
    private readonly counting = true,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }

  private get rpIdHash() {
    return sha256(new URL(this.origin).hostname);
  }

  /** navigator.credentials.create(): answers registration options as the browser sends them on. */
  create(options: Record<string, unknown>) {
    const user = options.user as { id: string };
    this.userHandle = user.id;
    const authData = concat(
      this.rpIdHash,
      new Uint8Array([UP_UV | ATTESTED]),
      counterBytes(this.counter),
      new Uint8Array(16),
      new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 255]),
      this.credentialId,
      this.cose,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    return {
      id: b64(this.credentialId),
      rawId: b64(this.credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientData('webauthn.create', options.challenge as string, this.origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): signs the challenge of sign-in options. */
  get(options: Record<string, unknown>, { origin = this.origin } = {}) {
    if (this.counting) this.counter++;
    const authData = concat(this.rpIdHash, new Uint8Array([UP_UV]), counterBytes(this.counter));
    const data = clientData('webauthn.get', options.challenge as string, origin);
    const signature = sign('sha256', concat(authData, sha256(data)), this.privateKey);
    return {
      id: b64(this.credentialId),
      rawId: b64(this.credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(data),
        authenticatorData: b64(authData),
        signature: b64(new Uint8Array(signature)),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
