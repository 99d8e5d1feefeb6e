import { expect, test as setup } from '@playwright/test';
import { e2eAdmin, e2eSites } from '../../playwright.config';
import { codeAt } from '../support/totp';
import { keepSecret, readSecrets } from './admin-second-factor';

/**
 * Each site's admin sets up their authenticator app through the API, as the console's first sign-in
 * asks them to; the secret is kept for the tests to compute codes from (admin-second-factor.ts).
 */
setup('the e2e admins set up two-step verification', async ({ request }) => {
  for (const site of e2eSites) {
    if (readSecrets()[site]) continue;
    const login = await request.post(`${site}/api/auth/login`, { data: e2eAdmin });
    expect(login.status()).toBe(200);
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    const refused = await request.get(`${site}/api/admin/stats`, { headers });
    expect((await refused.json()).code).toBe('two_factor_required');
    // Enrolling asks for the password again (DESIGN §16).
    const setup = await request.post(`${site}/api/auth/2fa/totp/setup`, {
      headers,
      data: { password: e2eAdmin.password },
    });
    const { secret } = await setup.json();
    const confirmed = await request.post(`${site}/api/auth/2fa/totp/confirm`, {
      headers,
      data: { code: codeAt(secret, new Date()) },
    });
    expect(confirmed.status()).toBe(200);
    keepSecret(site, secret);
  }
});
