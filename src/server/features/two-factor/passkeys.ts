import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Passkey } from '../../../contract/two-factor';
import type { AppContext } from '../../context';
import { isRecent } from '../../lib/acting-member';
import { conflict, reauthRequired, twoFactorRequired } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import { lockUserRow } from '../accounts/repository';
import { type AskingSession, assertOwnerAsking } from './owner-asking';
import {
  forBrowser,
  newTicket,
  passkeyRefused,
  relyingParty,
  spendTicket,
  verifyAnswer,
} from './passkey-ceremony';
import * as repo from './repository';
import type { OpenSession } from './sign-in';

/**
 * Passkeys (WebAuthn, DESIGN §12) through @simplewebauthn/server. The site is
 * the relying party its address names (config.siteUrl): a passkey made on it
 * works only there. Every ceremony asks for user verification (a PIN,
 * fingerprint or face), so a passkey is two factors in one: it signs in with
 * no password, and it is the second factor of a password sign-in.
 */

/** Who is adding or using a passkey. */
interface Account {
  id: string;
  email: string;
  username: string;
  staffRole: string | null;
  passwordHash: string | null;
}

export const presentPasskey = (row: repo.PasskeyRow): Passkey => ({
  _id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Options for adding a passkey, once the owner has shown it is them (owner-asking.ts). */
export async function registrationOptions(
  ctx: AppContext,
  account: Account,
  session: AskingSession,
  password?: string,
) {
  await assertOwnerAsking(ctx, account, session, password);
  const existing = await repo.passkeysOf(ctx.db, account.id);
  const options = await generateRegistrationOptions({
    rpName: 'PrizeDraw',
    rpID: relyingParty(ctx).rpID,
    userName: account.email,
    userDisplayName: account.username,
    userID: new TextEncoder().encode(account.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const ticket = await newTicket(ctx.db, ctx, 'register', options.challenge, account.id);
  return { ticket, options: forBrowser(options) };
}

/** Adds the passkey the browser made; the session counts as having given its second factor. */
export async function register(
  ctx: AppContext,
  account: Account,
  sessionToken: string,
  body: { ticket: string; name: string; credential: unknown },
) {
  const { rpID, origin } = relyingParty(ctx);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const challenge = await spendTicket(tx, ctx, body.ticket, 'register', account.id);
    const verified = await verifyRegistrationResponse({
      response: body.credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    }).catch(() => ({ verified: false as const }));
    if (!verified.verified) throw passkeyRefused();
    const { credential } = verified.registrationInfo;
    const row = await repo.insertPasskey(tx, {
      userId: account.id,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: body.name,
      createdAt: now,
    });
    if (!row) throw conflict('This passkey is already on an account', 'passkey_taken');
    await repo.markSecondFactor(tx, hashToken(sessionToken), now);
    return { passkey: presentPasskey(row) };
  });
}

/**
 * Removes one of the account's passkeys, given a recent second factor; staff
 * keep at least one. The account's row is locked first, so two removals at once
 * cannot both leave it with none, and no session of theirs counts as having
 * given a second factor any more.
 */
export async function remove(ctx: AppContext, account: Account, id: string, secondFactorAt: Date | null) {
  if (!isRecent(secondFactorAt, ctx.clock.now())) throw reauthRequired();
  await ctx.db.transaction(async (tx) => {
    await lockUserRow(tx, account.id);
    if (!(await repo.deletePasskey(tx, account.id, id))) return;
    if (account.staffRole && !(await repo.hasSecondFactor(tx, account.id)))
      throw twoFactorRequired(
        'Staff accounts must keep a second factor: add another before removing this one',
      );
    await repo.clearSecondFactors(tx, account.id);
  });
}

/** Options for signing in with whatever passkey the browser holds for this site. */
export async function signInOptions(ctx: AppContext) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    userVerification: 'required',
  });
  return {
    ticket: await newTicket(ctx.db, ctx, 'sign_in', options.challenge, null),
    options: forBrowser(options),
  };
}

/** Signs in with a passkey: a session that has given its second factor. */
export async function signIn<T>(
  ctx: AppContext,
  body: { ticket: string; credential: unknown },
  open: OpenSession<T>,
) {
  return ctx.db.transaction(async (tx) => {
    const challenge = await spendTicket(tx, ctx, body.ticket, 'sign_in', null);
    return open(tx, await verifyAnswer(tx, ctx, challenge, body.credential, null, true));
  });
}

/** Options for giving a passkey again, for the calls that need a recent sign-in. */
export async function reauthOptions(ctx: AppContext, account: Account) {
  const keys = await repo.passkeysOf(ctx.db, account.id);
  if (!keys.length) throw conflict('There is no passkey on this account', 'no_passkey');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    userVerification: 'required',
    allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports })),
  });
  return {
    ticket: await newTicket(ctx.db, ctx, 'reauth', options.challenge, account.id),
    options: forBrowser(options),
  };
}

/** A passkey given again marks this session's second factor as just given. */
export async function reauth(
  ctx: AppContext,
  account: Account,
  sessionToken: string,
  body: { ticket: string; credential: unknown },
) {
  await ctx.db.transaction(async (tx) => {
    const challenge = await spendTicket(tx, ctx, body.ticket, 'reauth', account.id);
    await verifyAnswer(tx, ctx, challenge, body.credential, account.id, false);
    await repo.markSecondFactor(tx, hashToken(sessionToken), ctx.clock.now());
  });
}
