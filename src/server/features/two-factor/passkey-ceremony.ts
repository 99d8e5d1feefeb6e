import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { MINUTE_MS } from '../../../contract/constants';
import type { PasskeyPurpose } from '../../../contract/passkeys';
import { CHALLENGE_MINUTES } from '../../../contract/two-factor';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repo from './repository';

// The WebAuthn steps every passkey call shares (passkeys.ts): the site as relying party, the challenge a
// ceremony opens and spends once, and the check of the browser's signed answer.

export const relyingParty = ({ config }: Pick<AppContext, 'config'>) => {
  const url = new URL(config.siteUrl);
  return { rpID: url.hostname, origin: url.origin };
};

export const passkeyRefused = (signingIn = false) =>
  new AppError(
    signingIn ? 401 : 400,
    'That passkey could not be checked. Please try again.',
    'passkey_refused',
  );
const passkeyExpired = () =>
  new AppError(400, 'This passkey request has expired. Please try again.', 'passkey_expired');

/** Options as the contract passes them on: JSON for @simplewebauthn/browser, not read on the way. */
export const forBrowser = (options: object) => options as Record<string, unknown>;

export async function newTicket(
  db: Executor,
  { clock }: Pick<AppContext, 'clock'>,
  purpose: PasskeyPurpose,
  challenge: string,
  userId: string | null,
) {
  const now = clock.now();
  return repo.insertPasskeyChallenge(db, {
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * MINUTE_MS),
  });
}

/** Takes a challenge as answered, once, if it is open and for this purpose (and account). */
export async function spendTicket(
  tx: Executor,
  ctx: AppContext,
  ticket: string,
  purpose: PasskeyPurpose,
  userId: string | null,
) {
  const row = await repo.spendPasskeyChallenge(tx, ticket, purpose, userId, ctx.clock.now());
  if (!row) throw passkeyExpired();
  return row.challenge;
}

/**
 * Checks the browser's answer to a sign-in or reauth challenge against the
 * passkey it names (of `userId`, when the challenge names an account), and
 * moves its counter on. Answers the passkey's account.
 */
export async function verifyAnswer(
  tx: Executor,
  ctx: AppContext,
  challenge: string,
  credential: unknown,
  userId: string | null,
  signingIn: boolean,
) {
  const answer = credential as AuthenticationResponseJSON;
  const key = await repo.findPasskeyByCredential(tx, answer.id);
  if (!key || (userId && key.userId !== userId)) throw passkeyRefused(signingIn);
  const { rpID, origin } = relyingParty(ctx);
  const verified = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: key.credentialId,
      publicKey: isoBase64URL.toBuffer(key.publicKey),
      counter: key.counter,
      transports: key.transports as never,
    },
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verified.verified) throw passkeyRefused(signingIn);
  // A counter that did not move on (a cloned authenticator) fails the conditional update.
  const moved = await repo.recordPasskeyUse(
    tx,
    key.id,
    key.counter,
    verified.authenticationInfo.newCounter,
    ctx.clock.now(),
  );
  if (!moved) throw passkeyRefused(signingIn);
  return key.userId;
}
