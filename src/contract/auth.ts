import { z } from 'zod';
import { emailField, plainText } from './common';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { newAchievements } from './gamification';
import { currentUser } from './users';

const password = z
  .string({ error: 'Password is required' })
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const registerBody = z.strictObject({
  username: plainText('Name', 50).refine(
    (s) => !/[\p{Cc}<>]/u.test(s),
    'Name contains characters that are not allowed',
  ),
  email: emailField,
  password: password.min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
  acceptTerms: z.literal(true, { error: 'You must be 18 or over and accept the Terms and Contest Rules' }),
  // From a shared link: an unknown or mangled code is ignored rather than blocking the sign-up.
  referralCode: z.string().trim().max(64, 'Invalid referral code').optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.strictObject({
  email: emailField,
  password: password.min(1, 'Password is required'),
});
export type LoginBody = z.input<typeof loginBody>;

export const sessionResponse = z.object({ token: z.string(), user: currentUser, newAchievements });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const meResponse = z.object({ user: currentUser });
