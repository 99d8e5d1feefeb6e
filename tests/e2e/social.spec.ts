import type { Page } from '@playwright/test';
import { idProviderURL, socialClients } from '../../playwright.config';
import { paths } from '../../src/web/config/paths';
import { pageAddress } from './addresses';
import { expect, test } from './fixtures';

/** An ID token signed by the stand-in provider the e2e server trusts. */
async function idToken(page: Page, issuer: string, audience: string, claims: Record<string, unknown>) {
  const res = await page.request.post(`${idProviderURL}/token`, { data: { issuer, audience, claims } });
  return (await res.json()).token as string;
}

/**
 * Google's and Apple's scripts cannot load here, so the page gets stand-ins with
 * the same calls: they hand the site the token this test signed, as the real
 * ones hand it the token Google or Apple signed.
 */
async function fakeProviders(page: Page, tokens: { google?: string; apple?: string }) {
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `window.google = { accounts: { id: {
        initialize(o) { window.__gis = o; },
        renderButton(el) {
          const b = document.createElement('button');
          b.type = 'button';
          b.textContent = 'Sign in with Google';
          b.onclick = () => window.__gis.callback({ credential: ${JSON.stringify(tokens.google ?? '')} });
          el.append(b);
        },
      } } };`,
    }),
  );
  await page.route(/appleid\.cdn-apple\.com/, (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `window.AppleID = { auth: {
        init() {},
        signIn: async () => ({
          authorization: { id_token: ${JSON.stringify(tokens.apple ?? '')} },
          user: { name: { firstName: 'Alex', lastName: 'Apple' } },
        }),
      } };`,
    }),
  );
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

test.describe('Google and Apple sign-in', () => {
  test('a new person signs up with Google after confirming their age, then signs in again', async ({
    page,
  }) => {
    const id = unique();
    const claims = {
      sub: `google-${id}`,
      email: `gina-${id}@gmail.test`,
      email_verified: true,
      name: 'Gina Google',
    };
    const google = (p: Page) => idToken(p, 'https://accounts.google.com', socialClients.google, claims);
    await fakeProviders(page, { google: await google(page) });

    await page.goto(paths.login);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const dialog = page.getByRole('dialog', { name: 'One more step' });
    await expect(dialog.getByRole('button', { name: 'Create my account' })).toBeDisabled();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByText('Welcome! You received 10 free entries!')).toBeVisible();
    await expect(page).toHaveURL(pageAddress(paths.dashboard));
    await expect(page.getByRole('button', { name: /Gina Google/ })).toBeVisible();
    // Google vouched for the address: no banner.
    await expect(page.getByText('Please verify your email address')).toHaveCount(0);

    await page.getByRole('button', { name: /Gina Google/ }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.unrouteAll();
    await fakeProviders(page, { google: await google(page) });
    await page.goto(paths.login);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(pageAddress(paths.dashboard));
  });

  test('a forged Google token is refused with the server’s words', async ({ page }) => {
    const forged = await page.request.post(`${idProviderURL}/token`, {
      data: {
        issuer: 'https://accounts.google.com',
        audience: socialClients.google,
        forged: true,
        claims: { sub: `forged-${unique()}`, email: 'victim@gmail.test', email_verified: true },
      },
    });
    await fakeProviders(page, { google: (await forged.json()).token });
    await page.goto(paths.register);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByText('We could not verify your Google sign-in. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(pageAddress(paths.register));
  });

  test('a new person signs up with Apple, keeping the name Apple gives', async ({ page }) => {
    const id = unique();
    const apple = await idToken(page, 'https://appleid.apple.com', socialClients.apple, {
      sub: `apple-${id}`,
      email: `${id}@privaterelay.appleid.test`,
      email_verified: 'true',
    });
    await fakeProviders(page, { apple });
    await page.goto(paths.login);
    await page.getByRole('button', { name: 'Continue with Apple' }).click();
    await page.getByRole('dialog').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByText('Welcome! You received 10 free entries!')).toBeVisible();
    await expect(page.getByRole('button', { name: /Alex Apple/ })).toBeVisible();
  });
});
