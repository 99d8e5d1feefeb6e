import type { Page } from '@playwright/test';
import { authApi } from '../../src/contract/auth';
import { callApi } from './addresses';
import { expect } from './fixtures';

// What the account page flows share: other sessions of the same account, and asking the API whether a token or a password still works.

const FIREFOX_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';

/** Another sign-in to the same account, as if from a second computer. */
export async function secondSession(page: Page, email: string, password: string, address = '198.51.100.7') {
  const res = await callApi(page.request, authApi.login, {
    body: { email, password },
    headers: { 'user-agent': FIREFOX_ON_MAC, 'x-forwarded-for': address },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).token as string;
}

export const meStatus = async (page: Page, token: string) =>
  (await callApi(page.request, authApi.me, { headers: { authorization: `Bearer ${token}` } })).status();

export const loginStatus = async (page: Page, email: string, password: string) =>
  (
    await callApi(page.request, authApi.login, {
      body: { email, password },
      headers: { 'x-forwarded-for': '198.51.100.250' },
    })
  ).status();
