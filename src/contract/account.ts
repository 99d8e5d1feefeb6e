import { z } from 'zod';
import { currentPassword, meResponse, newPassword } from './auth';
import { emailField, messageBody, pathId } from './common';
import { BREAK_PERIODS, SELF_EXCLUSION_MONTHS } from './constants';
import { api, endpoint } from './endpoint';

/** The calls under /api/users/me: the signed-in user managing their own account. */

export const changePasswordBody = z.strictObject({ currentPassword, newPassword });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const changeEmailBody = z.strictObject({ password: currentPassword, email: emailField });
export type ChangeEmailBody = z.input<typeof changeEmailBody>;

export const accountSession = z.object({
  _id: z.string(),
  /** Browser and system, read from the user agent, e.g. "Chrome on Android". */
  device: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  /** The session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;
export const sessionsResponse = z.object({ sessions: z.array(accountSession) });
export const sessionParams = z.object({ id: pathId('Session not found') });

/** Deleting needs the password, or, for an account that has none (Google or Apple only), the word DELETE. */
export const deleteAccountBody = z.union(
  [
    z.strictObject({ password: currentPassword }),
    z.strictObject({ confirm: z.literal('DELETE', { error: 'Type DELETE to confirm' }) }),
  ],
  { error: 'Confirm with your password, or type DELETE if your account has none' },
);
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const breakBody = z.strictObject({
  period: z.enum(BREAK_PERIODS, { error: 'Choose 1, 3 or 6 months, or a permanent break' }),
});
export type BreakBody = z.infer<typeof breakBody>;
export const breakResponse = z.object({
  message: z.string(),
  /** When sign-in opens again; null for a permanent break. */
  until: z.iso.datetime().nullable(),
});
export type BreakResponse = z.infer<typeof breakResponse>;

export const selfExclusionBody = z.strictObject({
  months: z.union(
    SELF_EXCLUSION_MONTHS.map((m) => z.literal(m)),
    { error: 'Choose 6 months, 1 year or 5 years' },
  ),
  password: currentPassword,
});
export type SelfExclusionBody = z.input<typeof selfExclusionBody>;
export const selfExclusionResponse = z.object({
  message: z.string(),
  /** When it ends: the later of this one's end and any already running. */
  until: z.iso.datetime(),
});

const row = z.record(z.string(), z.unknown());
/** Everything held about the user, as the download gives it. */
export const exportResponse = z.object({
  exportedAt: z.iso.datetime(),
  account: row,
  sessions: z.array(row),
  ledger: z.array(row),
  prizeEntries: z.array(row),
  wins: z.array(row),
  taskCompletions: z.array(row),
  offers: z.array(row),
  referrals: z.array(row),
  achievements: z.array(row),
  streak: row.nullable(),
  wheelSpins: z.array(row),
  withdrawals: z.array(row),
  contactMessages: z.array(row),
  /** Their appeals of a hold or a suspension, and the decisions. */
  appeals: z.array(row),
  /** Their reports of offers that did not credit, and the decisions (not the screenshots' bytes). */
  missingCredits: z.array(row),
  mail: z.array(row),
  leaderboardTotals: z.array(row),
  leaderboardPrizes: z.array(row),
  /** Each sign-up and sign-in: when, the address and the browser's device id. */
  signIns: z.array(row),
  notifications: z.array(row),
  notificationPreferences: row.nullable(),
  pushSubscriptions: z.array(row),
});
export type AccountExport = z.infer<typeof exportResponse>;

const tags = ['account'];

/** The signed-in member's own account (DESIGN §14). A change that needs the password is rate limited (429). */
export const accountApi = api('account', {
  changePassword: endpoint({
    summary: 'Changes the password, given the current one',
    method: 'POST',
    path: '/api/users/me/password',
    auth: 'member',
    writes: ['sessions'],
    tags,
    body: changePasswordBody,
    responses: { 200: messageBody },
    errors: [429],
  }),
  changeEmail: endpoint({
    summary: 'Changes the email address, confirmed with the password',
    method: 'POST',
    path: '/api/users/me/email',
    auth: 'member',
    writes: ['sessions'],
    tags,
    body: changeEmailBody,
    responses: { 200: meResponse },
    errors: [409, 429],
  }),
  sessions: endpoint({
    summary: "The member's signed-in devices",
    method: 'GET',
    path: '/api/users/me/sessions',
    auth: 'member',
    tags,
    responses: { 200: sessionsResponse },
  }),
  endOtherSessions: endpoint({
    summary: 'Signs out every other device',
    method: 'DELETE',
    path: '/api/users/me/sessions',
    auth: 'member',
    writes: ['sessions'],
    tags,
    responses: { 200: messageBody },
  }),
  endSession: endpoint({
    summary: 'Signs out one device',
    method: 'DELETE',
    path: '/api/users/me/sessions/:id',
    auth: 'member',
    writes: ['sessions'],
    tags,
    params: sessionParams,
    responses: { 200: messageBody },
  }),
  /** JSON, sent as an attachment (Content-Disposition) named for the day it was made. */
  export: endpoint({
    summary: 'Everything kept about the member, as JSON',
    method: 'GET',
    path: '/api/users/me/export',
    auth: 'member',
    whileSuspended: true,
    tags,
    responses: { 200: exportResponse },
  }),
  takeBreak: endpoint({
    summary: 'Takes a break: signing in is refused until it ends',
    method: 'POST',
    path: '/api/users/me/break',
    auth: 'member',
    writes: ['sessions'],
    tags,
    body: breakBody,
    responses: { 200: breakResponse },
  }),
  /** Refused with 400 for a wrong password; a shorter one than already runs changes nothing. */
  selfExclude: endpoint({
    summary: 'Excludes the member from playing for 6, 12 or 60 months, not ended early',
    method: 'POST',
    path: '/api/users/me/self-exclusion',
    auth: 'member',
    tags,
    body: selfExclusionBody,
    responses: { 200: selfExclusionResponse },
    errors: [429],
  }),
  deleteAccount: endpoint({
    summary: 'Deletes the account: personal data erased, ledger and past draws kept',
    method: 'DELETE',
    path: '/api/users/me',
    auth: 'member',
    writes: ['prizes', 'winners', 'leaderboard', 'sessions'],
    tags,
    body: deleteAccountBody,
    responses: { 200: messageBody },
    errors: [409, 429],
  }),
});
