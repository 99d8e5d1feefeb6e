import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it by default: SHA-1, six digits, 30-second steps (DESIGN §12). */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const ISSUER = 'PrizeDraw';

const totpFor = (secret: string, label = '') =>
  new TOTP({ ...TOTP_SETTINGS, issuer: ISSUER, label, secret: Secret.fromBase32(secret) });

/** A new shared secret (160 bits, RFC 4226's recommendation), base32 as apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address an app scans from the QR code, naming the site and the account. */
export const otpauthUrl = (secret: string, email: string) => totpFor(secret, email).toString();

/** The time step a six-digit code is right for, at `now` give or take one step (clock drift); or null. */
export function stepOfCode(secret: string, typed: string, now: Date): number | null {
  // Apps show the code as "123 456"; people type it either way.
  const code = typed.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}
