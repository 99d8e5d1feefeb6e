import { z } from 'zod';
import { sessionResponse } from './auth';
import { messageBody, pathId, plainText } from './common';
import { api, endpoint } from './endpoint';
import { passkey, passwordAgainBody } from './two-factor';

/**
 * Passkeys (WebAuthn, DESIGN §12): a second factor that needs no code, and a way to sign in without a
 * password. What each challenge handed to a browser is for.
 */
export const PASSKEY_PURPOSES = ['register', 'sign_in', 'reauth'] as const;
export type PasskeyPurpose = (typeof PASSKEY_PURPOSES)[number];

/** What the browser's WebAuthn call is given, and the ticket to send back with its answer. */
export const passkeyOptionsResponse = z.object({
  ticket: z.uuid(),
  /** PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON, for @simplewebauthn/browser. */
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptions = z.infer<typeof passkeyOptionsResponse>;

const expired = 'This passkey request has expired. Please try again.';
const ticket = z.uuid({ error: expired });
/** The browser's answer (RegistrationResponseJSON or AuthenticationResponseJSON), checked in full by the server. */
const credential = z.looseObject(
  {
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
  },
  { error: 'That passkey answer could not be read' },
);

/** The browser's answer as sent; @simplewebauthn/browser's own types describe it in full. */
export type PasskeyAnswer = z.input<typeof credential>;

export const registerPasskeyBody = z.strictObject({
  ticket,
  name: plainText('The name', 60),
  credential,
});
export const passkeyAnswerBody = z.strictObject({ ticket, credential });
const passkeyParams = z.object({ id: pathId('Passkey not found') });

const tags = ['auth'];

export const passkeysApi = api('passkeys', {
  /** Options for adding a passkey to the signed-in account. */
  registerOptions: endpoint({
    summary: 'What the browser needs to make a passkey',
    method: 'POST',
    path: '/api/auth/2fa/passkeys/options',
    auth: 'member',
    tags,
    // Adding a passkey proves it is the owner asking, as enrolling an authenticator does (passwordAgainBody).
    body: passwordAgainBody,
    responses: { 200: passkeyOptionsResponse },
    // 403 password_required, reauth_required (an account with a second factor gives it again first) or recent_sign_in_required; 400 wrong_password.
    errors: [400, 403, 429],
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/auth/2fa/passkeys',
    auth: 'member',
    tags,
    summary: 'Adds the passkey the browser made; the session counts as having given its second factor',
    body: registerPasskeyBody,
    responses: { 201: z.object({ passkey }) },
    errors: [400, 403, 409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/auth/2fa/passkeys/:id',
    auth: 'member',
    tags,
    summary: 'Removes a passkey (staff keep at least one second factor)',
    params: passkeyParams,
    responses: { 200: messageBody },
    errors: [403],
  }),
  /** Options for signing in with any passkey the browser holds for this site. */
  signInOptions: endpoint({
    summary: 'What the browser needs to sign in with a passkey',
    method: 'POST',
    path: '/api/auth/passkeys/options',
    auth: 'none',
    tags,
    responses: { 200: passkeyOptionsResponse },
    errors: [429],
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/api/auth/passkeys/sign-in',
    auth: 'none',
    writes: ['leaderboard'],
    tags,
    summary: 'Signs in with a passkey: no password, and it counts as the second factor',
    body: passkeyAnswerBody,
    responses: { 200: sessionResponse },
    errors: [401, 403, 429],
  }),
  reauthOptions: endpoint({
    summary: 'What the browser needs to confirm it is you with a passkey',
    method: 'POST',
    path: '/api/auth/2fa/passkeys/reauth/options',
    auth: 'member',
    tags,
    responses: { 200: passkeyOptionsResponse },
    errors: [409],
  }),
  /** A passkey instead of a code, for the calls that need a recent sign-in. */
  reauth: endpoint({
    summary: 'Confirms it is you with a passkey, for the calls that need a recent sign-in',
    method: 'POST',
    path: '/api/auth/2fa/passkeys/reauth',
    auth: 'member',
    tags,
    body: passkeyAnswerBody,
    responses: { 200: messageBody },
    errors: [400, 409],
  }),
});
