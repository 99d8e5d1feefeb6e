import { expect, test as setup } from '@playwright/test';
import { e2eAdmin, e2eSites } from '../../playwright.config';
import { adminApi } from '../../src/contract/admin';
import { authApi } from '../../src/contract/auth';
import { twoFactorApi } from '../../src/contract/two-factor';
import { codeAt } from '../support/totp';
import { callApi } from './addresses';
import { keepSecret, readSecrets } from './admin-second-factor';

/**
 * Each site's admin sets up their authenticator app through the API, as the console's first sign-in
 * asks them to; the secret is kept for the tests to compute codes from (admin-second-factor.ts).
 */
setup('the e2e admins set up two-step verification', async ({ request }) => {
  for (const site of e2eSites) {
    if (readSecrets()[site]) continue;
    const login = await callApi(request, authApi.login, { site, body: e2eAdmin });
    expect(login.status()).toBe(200);
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    const refused = await callApi(request, adminApi.stats, { site, headers });
    expect((await refused.json()).code).toBe('two_factor_required');
    // Enrolling asks for the password again (DESIGN §16).
    const setup = await callApi(request, twoFactorApi.totpSetup, {
      site,
      headers,
      body: { password: e2eAdmin.password },
    });
    const { secret } = await setup.json();
    const confirmed = await callApi(request, twoFactorApi.totpConfirm, {
      site,
      headers,
      body: { code: codeAt(secret, new Date()) },
    });
    expect(confirmed.status()).toBe(200);
    keepSecret(site, secret);
  }
});
