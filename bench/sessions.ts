import { codeAt } from '../tests/support/totp';
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

/** Each site's admin session, once signed in, with its authenticator's secret. */
const adminSessions = new WeakMap<object, { token: string; secret: string; provedAt: number }>();
/** A second factor this recent still counts (DESIGN §12 asks for 15 minutes): no need to prove it again. */
const STILL_RECENT_MS = 10 * 60_000;

/**
 * A session of the site's admin, with the second factor staff need (DESIGN §12): the first sign-in
 * sets up an authenticator and counts as given. Later scenarios on the same site use that session: a
 * second sign-in would need the authenticator's next code, up to 30 s away.
 */
export async function signInAdmin(site: { url: string }): Promise<string> {
  const kept = adminSessions.get(site);
  if (kept) return kept.token;
  const { token } = await post(`${site.url}/api/auth/login`, ADMIN);
  // A challenge instead means another sign-in set up the authenticator: the run would use no session.
  if (typeof token !== 'string') throw new Error(`the bench admin could not sign in to ${site.url}`);
  const setup = await post(`${site.url}/api/auth/2fa/totp/setup`, { password: ADMIN.password }, token);
  await post(
    `${site.url}/api/auth/2fa/totp/confirm`,
    { code: codeAt(setup.secret as string, new Date()) },
    token,
  );
  adminSessions.set(site, { token, secret: setup.secret as string, provedAt: Date.now() });
  return token;
}

/**
 * Proves the admin's second factor again (POST /api/auth/2fa/reauth), for a scenario that goes on longer
 * than the recent sign-in money moves need (DESIGN §12: 15 minutes), such as one that fills two sites
 * first. A code is taken once: one used in this 30 s step waits for the next.
 */
export async function refreshAdmin(site: { url: string }) {
  const kept = adminSessions.get(site);
  if (!kept) return signInAdmin(site);
  if (Date.now() - kept.provedAt < STILL_RECENT_MS) return kept.token;
  const reauth = () =>
    fetch(`${site.url}/api/auth/2fa/reauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${kept.token}` },
      body: JSON.stringify({ code: codeAt(kept.secret, new Date()) }),
    });
  let res = await reauth();
  // The code of this step was taken already: the next step's, once (wrong codes count towards a lockout).
  if (!res.ok) {
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 1_000));
    res = await reauth();
  }
  if (!res.ok)
    throw new Error(
      `the bench admin could not prove their second factor again: ${res.status} ${await res.text()}`,
    );
  return kept.token;
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
