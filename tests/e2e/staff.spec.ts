import { codeAt } from '../support/totp';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  keepScreenshot,
  test,
} from './fixtures';

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the owner makes an account support staff, who then sees only the tabs support may use', async ({
      page,
      account,
      signInAs,
      adminToken,
    }) => {
      await signInAs(await adminToken());
      await page.goto('/admin?tab=staff');
      await page.getByLabel('Their account’s email').fill(account.email);
      await page.getByLabel('Role', { exact: true }).selectOption('support');
      await page.getByRole('button', { name: 'Add staff member' }).click();
      await expect(page.getByText(`${account.username} is now support`)).toBeVisible();
      const row = page
        .getByRole('list', { name: 'Staff members' })
        .getByRole('listitem')
        .filter({ hasText: account.email });
      await expect(row.getByLabel(`Role of ${account.username}`)).toHaveValue('support');
      await expectNoSeriousAxeViolations(page);
      await expectNoSidewaysScroll(page);

      // Staff need a second factor: the console first asks them to set one up.
      await signInAs(account.token);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
      await page.getByLabel('Password, to set up two-step verification').fill(account.password);
      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      await expect(
        page.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
      ).toBeVisible();
      const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
      await expectNoSeriousAxeViolations(page);
      await page.getByLabel('Code from your app').fill(codeAt(secret, new Date()));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
      await expectNoSeriousAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await keepScreenshot(page, `staff-recovery-codes-${width}.png`, { fullPage: true });
      await page.getByRole('button', { name: 'I have saved them' }).click();

      const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
      await expect(tabs).toHaveText(['Users', 'Review', 'Messages']);
      // The server refuses what the page does not offer.
      const prizes = await page.request.get('/api/admin/prizes', {
        headers: { authorization: `Bearer ${account.token}` },
      });
      expect(prizes.status()).toBe(403);

      // Taken away again: a member once more.
      await signInAs(await adminToken());
      await page.goto('/admin?tab=staff');
      await row.getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByText(`${account.username} is no longer staff`)).toBeVisible();
      await expect(row).toHaveCount(0);
    });
  });
}
