import { z } from 'zod';
import { messageBody } from './common';
import { api, endpoint } from './endpoint';

/** Ten single-use codes for a lost authenticator (DESIGN §12). */
export const RECOVERY_CODE_COUNT = 10;
/** Corrections, odds, roles and payouts need a second factor this recent (DESIGN §12). */
export const RECENT_SIGN_IN_MINUTES = 15;
/** How long a sign-in challenge waits for its code, and how many wrong codes it takes. */
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_MAX_FAILURES = 5;

/** A code from the authenticator app (six digits) or a recovery code; spaces and dashes are the reader's own. */
export const secondFactorCode = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .min(6, 'Enter the 6-digit code from your authenticator app')
  .max(24, 'That code is too long');

export const twoFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  /** Given back with the code to /api/auth/2fa/verify; good for CHALLENGE_MINUTES. */
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

/** A passkey on the account (passkeys.ts), by the name its owner gave it. */
export const passkey = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type Passkey = z.infer<typeof passkey>;

export const twoFactorStatus = z.object({
  /** An authenticator app is confirmed. */
  totp: z.boolean(),
  passkeys: z.array(passkey),
  recoveryCodesLeft: z.number().int(),
  /** Staff must have a second factor; members may. */
  required: z.boolean(),
  /** When this session last gave a second factor, if it has. */
  secondFactorAt: z.iso.datetime().nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const totpSetupResponse = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupResponse>;

/**
 * Enrolling a second factor (an authenticator, a passkey) asks for the account's password again in
 * that session, so a borrowed session cannot add its own (DESIGN §16); an account with no password
 * (Google, Apple or a passkey only) sends none and needs a sign-in within RECENT_SIGN_IN_MINUTES.
 */
export const passwordAgainBody = z
  .strictObject({
    password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(200).optional(),
  })
  .nullish();
export type PasswordAgainBody = z.input<typeof passwordAgainBody>;

export const codeBody = z.strictObject({ code: secondFactorCode });
export type CodeBody = z.input<typeof codeBody>;

export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });

export const verifyBody = z.strictObject({
  challenge: z
    .string({ error: 'This sign-in has expired. Please sign in again.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This sign-in has expired. Please sign in again.'),
  code: secondFactorCode,
});
export type VerifyBody = z.input<typeof verifyBody>;

const tags = ['auth'];

/** A second factor: enrolling, signing in with it, and giving it again for the dangerous (DESIGN §12). */
export const twoFactorApi = api('twoFactor', {
  status: endpoint({
    summary: 'Which second factors the account has',
    method: 'GET',
    path: '/api/auth/2fa',
    auth: 'member',
    tags,
    responses: { 200: twoFactorStatus },
  }),
  totpSetup: endpoint({
    method: 'POST',
    path: '/api/auth/2fa/totp/setup',
    auth: 'member',
    tags,
    summary: 'A new authenticator secret, in use once confirmed; the password is asked for again',
    body: passwordAgainBody,
    responses: { 200: totpSetupResponse },
    // 403 password_required, reauth_required or recent_sign_in_required; 400 wrong_password.
    errors: [400, 403, 409, 429],
  }),
  totpConfirm: endpoint({
    method: 'POST',
    path: '/api/auth/2fa/totp/confirm',
    auth: 'member',
    tags,
    summary: 'Turns the authenticator on with a code from it; answers the recovery codes, shown once',
    body: codeBody,
    responses: { 200: recoveryCodesResponse },
    errors: [409, 429],
  }),
  totpRemove: endpoint({
    method: 'DELETE',
    path: '/api/auth/2fa/totp',
    auth: 'member',
    tags,
    summary: 'Turns the authenticator off (members only: staff must keep a second factor)',
    body: codeBody,
    responses: { 200: messageBody },
    errors: [403, 409, 429],
  }),
  recoveryCodes: endpoint({
    method: 'POST',
    path: '/api/auth/2fa/recovery-codes',
    auth: 'member',
    tags,
    summary: 'Ten new recovery codes in place of the old ones',
    body: codeBody,
    responses: { 200: recoveryCodesResponse },
    errors: [409, 429],
  }),
  reauth: endpoint({
    method: 'POST',
    path: '/api/auth/2fa/reauth',
    auth: 'member',
    tags,
    summary: 'A fresh code for this session, for the calls that need a recent sign-in',
    body: codeBody,
    responses: { 200: messageBody },
    errors: [409, 429],
  }),
});
