import type { Page } from '@playwright/test';
import { authApi } from '../../src/contract/auth';
import { callApi } from './addresses';
import { expect } from './fixtures';
import { e2eSavers } from './site-history';

/**
 * Signs a saver (tests/e2e/site-history.ts) in through the API, each from an address of their own: sharing one
 * with another account would be a fraud signal. Answers the session's token.
 */
export async function saverSession(page: Page, email: string) {
  const res = await callApi(page.request, authApi.login, {
    body: { email, password: e2eSavers.password },
    headers: { 'x-forwarded-for': `192.0.2.${10 + e2eSavers.members.findIndex((m) => m.email === email)}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}
