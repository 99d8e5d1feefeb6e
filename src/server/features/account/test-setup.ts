import { registration } from '../../../../tests/factories';
import type { TestApp } from '../../../../tests/helpers/app';

// What the account tests share: signing up and in through the API, and whether a session still works.

const UA_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

export async function signUp(t: TestApp) {
  const body = registration();
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  return { body, user: res.json().user, headers: { authorization: `Bearer ${res.json().token}` } };
}
export async function signIn(t: TestApp, email: string, password: string, userAgent = UA_PHONE) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
  });
  return { res, headers: { authorization: `Bearer ${res.json().token}` } };
}
export const signedIn = async (t: TestApp, headers: object) =>
  (await t.app.inject({ url: '/api/auth/me', headers: headers as Record<string, string> })).statusCode ===
  200;
