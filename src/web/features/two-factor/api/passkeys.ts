import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { type PasskeyAnswer, passkeysApi } from '../../../../contract/passkeys';
import { call } from '../../../lib/call';
import { deviceHeaders } from '../../../lib/device-id';

/**
 * Passkeys through the browser's WebAuthn (@simplewebauthn/browser): each asks the server for options,
 * lets the browser and the person answer them (a fingerprint, face or PIN), and sends the answer back.
 */

/** The browser's answer, as the contract carries it. */
const answer = (credential: object) => credential as PasskeyAnswer;

/**
 * Adds a passkey, named, to the signed-in account, giving its password again (an account without one
 * gives none); one with a second factor is asked for a recent one too (reauth_required).
 */
export async function addPasskey({ name, password }: { name: string; password?: string }) {
  const { ticket, options } = await call(passkeysApi.registerOptions, {
    body: password === undefined ? undefined : { password },
  });
  const credential = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return call(passkeysApi.register, { body: { ticket, name, credential: answer(credential) } });
}

/** Signs in with any passkey the browser holds for the site: no password. */
export async function signInWithPasskey() {
  const { ticket, options } = await call(passkeysApi.signInOptions, {});
  const credential = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return call(
    passkeysApi.signIn,
    { body: { ticket, credential: answer(credential) } },
    { headers: deviceHeaders() },
  );
}

/** Gives a passkey again, for the calls that need a recent sign-in. */
export async function reauthWithPasskey() {
  const { ticket, options } = await call(passkeysApi.reauthOptions, {});
  const credential = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return call(passkeysApi.reauth, { body: { ticket, credential: answer(credential) } });
}

export const useAddPasskey = () => useMutation({ mutationFn: addPasskey });
export const useSignInWithPasskey = () => useMutation({ mutationFn: signInWithPasskey });
export const useReauthWithPasskey = () => useMutation({ mutationFn: reauthWithPasskey });
export const useRemovePasskey = () =>
  useMutation({ mutationFn: (id: string) => call(passkeysApi.remove, { params: { id } }) });
