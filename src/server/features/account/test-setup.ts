import { me } from '../../../../tests/helpers/accounts';
import type { TestApp } from '../../../../tests/helpers/app';
import { inject } from '../../../../tests/helpers/inject';
import { authApi } from '../../../contract/auth';

// What the account tests share: signing up and in through the API, and whether a session still works.

export { signUp } from '../../../../tests/helpers/accounts';

const UA_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

export async function signIn(t: TestApp, email: string, password: string, userAgent = UA_PHONE) {
  const res = await inject(t, authApi.login, {
    body: { email, password },
    headers: { 'user-agent': userAgent },
  });
  return { res, headers: { authorization: `Bearer ${res.json().token}` } };
}
export const signedIn = async (t: TestApp, headers: Record<string, string>) =>
  (await me(t, headers)).statusCode === 200;
