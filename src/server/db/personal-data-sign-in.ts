import { and, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import { DAY_MS } from '../../contract/constants';
import { ago, INVITATIONS_KEPT_DAYS, type PersonalData, SIGN_INS_KEPT_DAYS } from './personal-data';
import * as t from './schema';

/** The registry's tables of how members sign in: sessions, sign-ins, emailed links, second factors, passkeys. */
export const SIGN_IN_DATA: PersonalData[] = [
  {
    table: t.sessions,
    holds: 'signed-in devices and the address each was last used from',
    by: { column: t.sessions.userId, key: 'id' },
    exported: 'sessions',
    erased: 'deleted',
    kept: { expired: (now) => lte(t.sessions.expiresAt, now), batchKey: t.sessions.tokenHash },
  },
  {
    table: t.signIns,
    holds: 'where and on which device they signed up or in',
    by: { column: t.signIns.userId, key: 'id' },
    exported: 'signIns',
    erased: 'deleted',
    kept: {
      expired: (now) => lt(t.signIns.at, ago(now, SIGN_INS_KEPT_DAYS * DAY_MS)),
      batchKey: t.signIns.id,
    },
  },
  {
    table: t.accountTokens,
    holds: 'emailed links to verify an address or reset a password (hashed)',
    by: { column: t.accountTokens.userId, key: 'id' },
    exported: { no: 'hashes of links already sent to them, good for an hour' },
    erased: 'deleted',
    kept: {
      expired: (now) => or(isNotNull(t.accountTokens.usedAt), lte(t.accountTokens.expiresAt, now))!,
      batchKey: t.accountTokens.tokenHash,
    },
  },
  {
    table: t.staffInvitations,
    holds: 'an invitation to join the staff, sent to their address by an owner',
    by: { column: t.staffInvitations.email, key: 'verified email' },
    exported: { no: 'sent by staff, and spent in making the account' },
    erased: 'deleted',
    kept: {
      expired: (now) => lt(t.staffInvitations.expiresAt, ago(now, INVITATIONS_KEPT_DAYS * DAY_MS)),
      batchKey: t.staffInvitations.id,
    },
  },
  {
    table: t.totpSecrets,
    holds: 'the secret their authenticator app shares with us, for two-step verification',
    by: { column: t.totpSecrets.userId, key: 'id' },
    exported: { no: 'the secret would let whoever holds the download make their codes' },
    erased: 'deleted',
    // One set up and never confirmed is dropped after a day.
    kept: {
      expired: (now) =>
        and(isNull(t.totpSecrets.confirmedAt), lt(t.totpSecrets.createdAt, ago(now, DAY_MS)))!,
      batchKey: t.totpSecrets.userId,
    },
  },
  {
    table: t.recoveryCodes,
    holds: 'their two-step verification recovery codes (hashed)',
    by: { column: t.recoveryCodes.userId, key: 'id' },
    exported: { no: 'hashes, which say nothing; the codes themselves were shown to them once' },
    erased: 'deleted',
    kept: { expired: () => isNotNull(t.recoveryCodes.usedAt), batchKey: t.recoveryCodes.codeHash },
  },
  {
    table: t.signInChallenges,
    holds: 'sign-ins waiting a few minutes for their second factor (hashed)',
    by: { column: t.signInChallenges.userId, key: 'id' },
    exported: { no: 'hashes of sign-ins that waited minutes for a code' },
    erased: 'deleted',
    kept: {
      expired: (now) => or(isNotNull(t.signInChallenges.usedAt), lte(t.signInChallenges.expiresAt, now))!,
      batchKey: t.signInChallenges.tokenHash,
    },
  },
  {
    table: t.passkeys,
    holds: 'the public keys of their passkeys, the names they gave them, and when each was last used',
    by: { column: t.passkeys.userId, key: 'id' },
    exported: { no: 'public keys, which only check a signature; their names are on the account page' },
    erased: 'deleted',
    kept: { forGood: 'until they remove the passkey or the account' },
  },
  {
    table: t.passkeyChallenges,
    holds: 'passkey requests waiting a few minutes for the browser',
    by: { column: t.passkeyChallenges.userId, key: 'id' },
    exported: { no: 'random values that waited minutes for a passkey' },
    erased: 'deleted',
    kept: {
      expired: (now) => or(isNotNull(t.passkeyChallenges.usedAt), lte(t.passkeyChallenges.expiresAt, now))!,
      batchKey: t.passkeyChallenges.id,
    },
  },
  {
    table: t.loginFailures,
    holds: 'failed sign-ins on their address, by where they came from',
    by: { column: t.loginFailures.email, key: 'email' },
    exported: { no: 'counts of guesses, mostly by others' },
    erased: 'deleted',
    kept: {
      expired: (now) => lt(t.loginFailures.windowStartedAt, ago(now, DAY_MS)),
      batchKey: t.loginFailures.email,
    },
  },
];
