import { z } from 'zod';
import { emailField, messageBody, plainText } from './common';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { api, endpoint } from './endpoint';
import { newAchievements } from './gamification';
import { twoFactorChallenge, verifyBody } from './two-factor';
import { currentUser } from './users';

const password = z
  .string({ error: 'Password is required' })
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** A new password, wherever one is chosen. */
export const newPassword = password.min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`);
/** The current password, when a change has to be confirmed with it. */
export const currentPassword = password.min(1, 'Password is required');

export const registerBody = z.strictObject({
  // One line: a name is read in audit summaries, files and notices, where a line break would forge a line.
  username: plainText('Name', 50).regex(/^[^<>\t\n\r]*$/, 'Name contains characters that are not allowed'),
  email: emailField,
  password: newPassword,
  acceptTerms: z.literal(true, { error: 'You must be 18 or over and accept the Terms and Contest Rules' }),
  // From a shared link: an unknown or mangled code is ignored rather than blocking the sign-up.
  referralCode: z.string().trim().max(64, 'Invalid referral code').optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.strictObject({
  email: emailField,
  password: currentPassword,
});
export type LoginBody = z.input<typeof loginBody>;

export const sessionResponse = z.object({ token: z.string(), user: currentUser, newAchievements });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** What signing in answers: a session, or for an account with a second factor, a challenge for it (DESIGN §12). */
export const signInResponse = z.union([sessionResponse, twoFactorChallenge]);
export type SignInResponse = z.infer<typeof signInResponse>;

export const meResponse = z.object({ user: currentUser });

/** The token from an emailed link: 43 URL-safe characters, as lib/tokens makes them. */
export const linkToken = z
  .string({ error: 'This link is not valid' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid');

export const verifyEmailBody = z.strictObject({ token: linkToken });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;
export const passwordResetBody = z.strictObject({ email: emailField });
export type PasswordResetBody = z.input<typeof passwordResetBody>;
export const passwordResetConfirmBody = z.strictObject({ token: linkToken, password: newPassword });
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

/** Someone new must confirm this before an account exists, whichever way they sign up. */
const acceptTerms = z.boolean({ error: 'acceptTerms must be true or false' }).optional();
const idToken = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(8192, `${label} is too long`);

export const googleBody = z.strictObject({ credential: idToken('credential'), acceptTerms });
export type GoogleBody = z.infer<typeof googleBody>;
export const appleBody = z.strictObject({
  identityToken: idToken('identityToken'),
  // Apple hands the name (and, for web sign-in, the email) to the page only on the very first sign-in.
  // The email is accepted for clients that send it, but only the token's verified address counts.
  email: emailField.optional(),
  fullName: z
    .union([
      plainText('fullName', 100),
      z.strictObject({
        givenName: z.string().trim().max(50).nullish(),
        familyName: z.string().trim().max(50).nullish(),
      }),
    ])
    .optional(),
  acceptTerms,
});
export type AppleBody = z.infer<typeof appleBody>;

export const socialSessionResponse = sessionResponse.extend({
  /** True when this sign-in created the account (and paid the welcome bonus). */
  newAccount: z.boolean(),
});
export const socialSignInResponse = z.union([socialSessionResponse, twoFactorChallenge]);
export type SocialSignInResponse = z.infer<typeof socialSignInResponse>;

/** Which sign-in providers the site offers, with the client ids their buttons need. */
export const providersResponse = z.object({
  google: z.object({ clientId: z.string() }).nullable(),
  apple: z.object({ clientId: z.string() }).nullable(),
});
export type Providers = z.infer<typeof providersResponse>;

const tags = ['auth'];

/** Signing up, in and out, and the emailed links (DESIGN §14). */
export const authApi = api('auth', {
  register: endpoint({
    summary: 'Signs up a new member',
    method: 'POST',
    path: '/api/auth/register',
    auth: 'none',
    writes: ['leaderboard'],
    tags,
    body: registerBody,
    responses: { 201: sessionResponse },
    errors: [409, 429],
  }),
  login: endpoint({
    summary: 'Signs in with an email address and password',
    method: 'POST',
    path: '/api/auth/login',
    auth: 'none',
    writes: ['leaderboard'],
    tags,
    body: loginBody,
    responses: { 200: signInResponse },
    errors: [401, 403, 429],
  }),
  verifySecondFactor: endpoint({
    method: 'POST',
    path: '/api/auth/2fa/verify',
    auth: 'none',
    writes: ['leaderboard'],
    tags,
    summary: "Opens the session a sign-in's challenge waits for, with a code or a recovery code",
    body: verifyBody,
    responses: { 200: sessionResponse },
    errors: [401, 403, 429],
  }),
  providers: endpoint({
    summary: 'Which social sign-ins are offered',
    method: 'GET',
    path: '/api/auth/providers',
    auth: 'none',
    tags,
    responses: { 200: providersResponse },
  }),
  google: endpoint({
    summary: 'Signs in, or up, with a Google ID token',
    method: 'POST',
    path: '/api/auth/google',
    auth: 'none',
    writes: ['leaderboard', 'sessions'],
    tags,
    body: googleBody,
    responses: { 200: socialSignInResponse },
    errors: [401, 403, 404, 409, 429, 503],
  }),
  apple: endpoint({
    summary: 'Signs in, or up, with an Apple ID token',
    method: 'POST',
    path: '/api/auth/apple',
    auth: 'none',
    writes: ['leaderboard', 'sessions'],
    tags,
    body: appleBody,
    responses: { 200: socialSignInResponse },
    errors: [401, 403, 404, 409, 429, 503],
  }),
  me: endpoint({
    summary: 'The signed-in member',
    method: 'GET',
    path: '/api/auth/me',
    auth: 'member',
    whileSuspended: true,
    tags,
    responses: { 200: meResponse },
  }),
  logout: endpoint({
    summary: 'Signs this session out',
    method: 'POST',
    path: '/api/auth/logout',
    auth: 'member',
    whileSuspended: true,
    writes: ['sessions'],
    tags,
    responses: { 200: messageBody },
  }),
  verifyEmail: endpoint({
    summary: "Verifies an email address with its link's token",
    method: 'POST',
    path: '/api/auth/verify-email',
    auth: 'none',
    writes: ['leaderboard'],
    tags,
    body: verifyEmailBody,
    responses: { 200: messageBody },
  }),
  resendVerification: endpoint({
    summary: 'Sends the verification link again',
    method: 'POST',
    path: '/api/auth/verify-email/resend',
    auth: 'member',
    tags,
    responses: { 200: messageBody },
    errors: [409, 429],
  }),
  passwordReset: endpoint({
    summary: 'Emails a link to choose a new password',
    method: 'POST',
    path: '/api/auth/password-reset',
    auth: 'none',
    tags,
    body: passwordResetBody,
    responses: { 200: messageBody },
    errors: [429],
  }),
  passwordResetConfirm: endpoint({
    summary: "Sets a new password with the emailed link's token",
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    auth: 'none',
    writes: ['sessions'],
    tags,
    body: passwordResetConfirmBody,
    responses: { 200: messageBody },
    errors: [429],
  }),
});
