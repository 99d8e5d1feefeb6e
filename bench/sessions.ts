import { codeAt, msToNextCode } from '../tests/support/totp';
import { ADMIN, type RunningSite, SPENDERS } from './site';

// Signing the bench's admin and spenders in to a running site.

const post = async (url: string, body: unknown, token?: string) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
};

/** Each site's admin authenticator secret, once set up. */
const adminSecrets = new Map<string, string>();

/**
 * A session of the site's admin, with the second factor staff need (DESIGN §12): the first sign-in
 * sets up an authenticator and counts as given; later ones answer the challenge with a code, waiting
 * for the app's next one when another sign-in has just used this one.
 */
export async function signInAdmin(site: { url: string }): Promise<string> {
  const answer = await post(`${site.url}/api/auth/login`, ADMIN);
  const secret = adminSecrets.get(site.url);
  if (!secret) {
    const token = answer.token as string;
    const setup = await post(`${site.url}/api/auth/2fa/totp/setup`, { password: ADMIN.password }, token);
    await post(
      `${site.url}/api/auth/2fa/totp/confirm`,
      { code: codeAt(setup.secret as string, new Date()) },
      token,
    );
    adminSecrets.set(site.url, setup.secret as string);
    return token;
  }
  for (let attempt = 0; ; attempt++) {
    const verified = await post(`${site.url}/api/auth/2fa/verify`, {
      challenge: answer.challenge,
      code: codeAt(secret, new Date()),
    });
    if (verified.token) return verified.token as string;
    if (attempt === 2) throw new Error(`the bench admin could not sign in: ${JSON.stringify(verified)}`);
    await new Promise((resolve) => setTimeout(resolve, msToNextCode() + 200));
  }
}

/** The first `count` spenders, signed in through the site. */
export async function signInSpenders(site: RunningSite, count: number) {
  const signedIn: Array<{ id: string; token: string }> = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${site.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: SPENDERS.email(i), password: SPENDERS.password }),
    });
    const body = (await res.json()) as { token: string; user: { _id: string } };
    signedIn.push({ id: body.user._id, token: body.token });
  }
  return signedIn;
}
