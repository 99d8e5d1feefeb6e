import { PASSWORD_RESET_LIFETIME, VERIFY_EMAIL_HOURS } from '../../../contract/constants';
import { STAFF_INVITATION_DAYS } from '../../../contract/staff-invitations';
import { type Action, htmlLetter } from './layout';
import type { Mail } from './outbox';

export function testMail(to: string, siteUrl: string): Mail {
  return letter(to, 'PrizeDraw test email', [
    `This is a test email from ${siteUrl}. If you can read it, outgoing email works.`,
  ]);
}

const SIGNATURE = ['', 'PrizeDraw'];

/**
 * A letter in text and HTML from the same lines. An action is a link the text
 * part writes out and the HTML part shows as a button; the footer follows the
 * signature in smaller print (why the email came, and how to stop it).
 */
export function letter(
  to: string,
  subject: string,
  lines: string[],
  extras: { action?: Action; footer?: string[]; headers?: Record<string, string> } = {},
): Mail {
  const { action, footer, headers } = extras;
  const body = [...lines, ...(action ? ['', `${action.label}: ${action.url}`] : []), ...SIGNATURE];
  return {
    to,
    subject,
    text: [...body, ...(footer ? ['', '--', ...footer] : [])].join('\n'),
    html: htmlLetter({ subject, lines: [...lines, ...SIGNATURE], action, footer }),
    headers,
  };
}
const notYou = (siteUrl: string) =>
  `If this was not you, reset your password at ${siteUrl}/forgot-password and tell us at ${siteUrl}/contact.`;

export function verifyEmailMail(opts: { to: string; username: string; link: string }): Mail {
  return letter(opts.to, 'Please verify your email address', [
    `Hello ${opts.username},`,
    '',
    'Please confirm this is your email address by opening this link:',
    opts.link,
    '',
    `The link works once, for ${VERIFY_EMAIL_HOURS} hours. You need a verified address to claim a prize.`,
    'If you did not sign up for PrizeDraw, you can ignore this email.',
  ]);
}

export function passwordResetMail(opts: { to: string; username: string; link: string }): Mail {
  return letter(opts.to, 'Reset your PrizeDraw password', [
    `Hello ${opts.username},`,
    '',
    'Someone asked to reset the password of your PrizeDraw account. To choose a new one, open this link:',
    opts.link,
    '',
    `The link works once, for ${PASSWORD_RESET_LIFETIME}. If you did not ask, ignore this email: your password stays as it is.`,
  ]);
}

/** An invitation to join the staff, for an address no account has yet (DESIGN §16). */
export function staffInvitationMail(opts: {
  to: string;
  role: string;
  invitedBy: string;
  link: string;
}): Mail {
  return letter(opts.to, 'You are invited to join the PrizeDraw staff', [
    'Hello,',
    '',
    `${opts.invitedBy} has invited you to join the staff of PrizeDraw as ${opts.role}. To accept, choose your name and password here:`,
    opts.link,
    '',
    `The link works once, for ${STAFF_INVITATION_DAYS} days. Staff sign in with a second step, which you set up when you first sign in.`,
    'If you were not expecting this, you can ignore this email.',
  ]);
}

export function passwordChangedMail(opts: { to: string; username: string; siteUrl: string }): Mail {
  return letter(opts.to, 'Your PrizeDraw password was changed', [
    `Hello ${opts.username},`,
    '',
    'The password of your PrizeDraw account was just changed, and every other session was signed out.',
    notYou(opts.siteUrl),
  ]);
}

export function emailChangedMail(opts: {
  to: string;
  username: string;
  newEmail: string;
  siteUrl: string;
}): Mail {
  return letter(opts.to, 'Your PrizeDraw email address was changed', [
    `Hello ${opts.username},`,
    '',
    `The email address of your PrizeDraw account was changed to ${opts.newEmail}. We will write there from now on.`,
    notYou(opts.siteUrl),
  ]);
}

export function breakStartedMail(opts: {
  to: string;
  username: string;
  until: string | null;
  siteUrl: string;
}): Mail {
  return letter(opts.to, 'Your break from PrizeDraw has started', [
    `Hello ${opts.username},`,
    '',
    opts.until
      ? `As you asked, you cannot sign in to PrizeDraw until ${opts.until}. We will not send you any marketing email until then.`
      : 'As you asked, your PrizeDraw account is closed for good: you cannot sign in again, and we will not send you any marketing email.',
    'Entries you already made stay in their draws, and if you win we will still email you about your prize.',
    '',
    `If you are unhappy with anything we did, you can complain at ${opts.siteUrl}/contact; our terms (${opts.siteUrl}/terms) explain how we handle complaints.`,
  ]);
}

/** A self-exclusion started (DESIGN §19): what it means, and the day it ends. */
export function selfExclusionMail(opts: {
  to: string;
  username: string;
  until: string;
  siteUrl: string;
}): Mail {
  return letter(opts.to, 'Your self-exclusion from PrizeDraw has started', [
    `Hello ${opts.username},`,
    '',
    `As you asked, you are excluded from playing on PrizeDraw until ${opts.until}. It cannot be ended early.`,
    'Until then you cannot enter prize draws, spin the wheel or earn entries, and we will send you no marketing email or push notifications.',
    'You can still sign in to see your account, your messages and any prize you have won, and to download your data. Entries you already made stay in their draws.',
    '',
    'If you are worried about how much you play, free and confidential help is available from GamCare (0808 8020 133, www.gamcare.org.uk).',
    '',
    `If you are unhappy with anything we did, you can complain at ${opts.siteUrl}/contact.`,
  ]);
}

/** An admin's answer to a message sent through the contact form. */
export function contactReplyMail(opts: {
  to: string;
  name: string;
  subject: string;
  reply: string;
  siteUrl: string;
}): Mail {
  return letter(opts.to, `Re: ${opts.subject}`, [
    `Hello ${opts.name},`,
    '',
    opts.reply,
    '',
    `If this does not settle it, write to us again at ${opts.siteUrl}/contact and we will look at it afresh.`,
    `Our complaints procedure is on ${opts.siteUrl}/terms#complaints.`,
  ]);
}
