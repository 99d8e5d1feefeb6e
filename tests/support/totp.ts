import { Secret, TOTP } from 'otpauth';

/**
 * The code an authenticator app shows for `secret` at `at` (RFC 6238: SHA-1, six digits, 30 s),
 * computed here independently of the server's own check. `steps` moves to an earlier or later one.
 */
export const codeAt = (secret: string, at: Date, steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at.getTime() + steps * 30_000,
  });

/** How long until the app shows its next code. */
export const msToNextCode = (now = Date.now()) => 30_000 - (now % 30_000);
