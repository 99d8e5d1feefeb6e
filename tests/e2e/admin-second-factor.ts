import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { e2eAdmin, e2eOutputDir } from '../../playwright.config';
import { authApi } from '../../src/contract/auth';
import { membersApi } from '../../src/contract/members-api';
import { staffApi } from '../../src/contract/staff-api';
import { twoFactorApi } from '../../src/contract/two-factor';
import { codeAt, msToNextCode } from '../support/totp';
import { callApi } from './addresses';

/**
 * Each e2e site's admin signs in with a second factor like any staff (DESIGN §12): the set-up project
 * (admin.setup.ts) enrols them once per run and keeps each site's authenticator secret in the run's output folder
 * (emptied when a run starts), for the tests to compute codes from.
 */
const SECRETS = path.join(e2eOutputDir, 'admin-secrets.json');

export const readSecrets = (): Record<string, string> =>
  existsSync(SECRETS) ? JSON.parse(readFileSync(SECRETS, 'utf8')) : {};

export function keepSecret(site: string, secret: string) {
  mkdirSync(path.dirname(SECRETS), { recursive: true });
  writeFileSync(SECRETS, JSON.stringify({ ...readSecrets(), [site]: secret }));
}

/** A code not given yet: each is accepted once, so one another test has just used means waiting for the next. */
async function signInWithCode(
  request: APIRequestContext,
  site: string,
  secret: string,
  headers: Record<string, string>,
) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const login = await callApi(request, authApi.login, { site, body: e2eAdmin, headers });
    const { challenge } = await login.json();
    const res = await callApi(request, authApi.verifySecondFactor, {
      site,
      body: { challenge, code: codeAt(secret, new Date()) },
      headers,
    });
    if (res.ok()) return (await res.json()).token as string;
    await new Promise((resolve) => setTimeout(resolve, msToNextCode() + 200));
  }
  throw new Error(`the e2e admin could not sign in to ${site} with a code`);
}

/** A staff session older than this is signed in again, so the calls that need a recent code find one. */
const FRESH_MS = 10 * 60_000;
const sessions = new Map<string, { token: string; at: number }>();

/**
 * A session of the site's admin, signed in with password and code. Tests in one worker run one after
 * another and share it while it is fresh: a code per test would wait up to 30 s for the next.
 */
export async function adminSession(
  request: APIRequestContext,
  site: string,
  headers: Record<string, string>,
) {
  const kept = sessions.get(site);
  if (kept && Date.now() - kept.at < FRESH_MS) {
    const me = await callApi(request, authApi.me, {
      site,
      headers: { authorization: `Bearer ${kept.token}` },
    });
    if (me.ok()) return kept.token;
  }
  const secret = readSecrets()[site];
  if (!secret) throw new Error(`no authenticator secret for ${site}: the admin-setup project enrols it`);
  const token = await signInWithCode(request, site, secret, headers);
  sessions.set(site, { token, at: Date.now() });
  return token;
}

/** Each site's second owner, who approves what the admin asks for (four eyes, DESIGN §12). */
const approvers = new Map<string, { token: string; at: number }>();

/**
 * A session of a second owner of the site, made once per worker and site while fresh: an account
 * signed up through the API, made owner by the admin, and enrolled with its own authenticator.
 */
export async function approverSession(
  request: APIRequestContext,
  site: string,
  headers: Record<string, string>,
) {
  const kept = approvers.get(site);
  if (kept && Date.now() - kept.at < FRESH_MS) return kept.token;
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const account = {
    username: `Approver ${id}`,
    email: `approver-${id}@e2e.test`,
    password: 'e2e approver password',
    acceptTerms: true as const,
  };
  const joined = await callApi(request, authApi.register, { site, body: account, headers });
  const admin = { authorization: `Bearer ${await adminSession(request, site, headers)}` };
  // Only an address proved to be the account's own is made staff: the owner vouches for this one.
  const vouched = await callApi(request, membersApi.verifyEmail, {
    site,
    params: { id: (await joined.json()).user._id },
    headers: { ...headers, ...admin },
    body: { reason: 'Set up by the test site' },
  });
  if (!vouched.ok()) throw new Error(`could not verify the approver: ${await vouched.text()}`);
  const made = await callApi(request, staffApi.add, {
    site,
    headers: { ...headers, ...admin },
    body: { email: account.email, role: 'owner' },
  });
  if (!made.ok()) throw new Error(`could not make the approver staff: ${await made.text()}`);
  // Made staff, their sessions ended (DESIGN §16): they sign in again.
  const login = await callApi(request, authApi.login, {
    site,
    body: { email: account.email, password: account.password },
    headers,
  });
  const token = (await login.json()).token as string;
  const auth = { ...headers, authorization: `Bearer ${token}` };
  const setup = await callApi(request, twoFactorApi.totpSetup, {
    site,
    headers: auth,
    body: { password: account.password },
  });
  const { secret } = await setup.json();
  const confirmed = await callApi(request, twoFactorApi.totpConfirm, {
    site,
    headers: auth,
    body: { code: codeAt(secret, new Date()) },
  });
  if (!confirmed.ok())
    throw new Error(`the approver could not set up two-step verification: ${await confirmed.text()}`);
  approvers.set(site, { token, at: Date.now() });
  return token;
}
