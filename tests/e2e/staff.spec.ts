import { expect, expectNoSeriousAxeViolations, expectNoSidewaysScroll, test } from './fixtures';

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

      await signInAs(account.token);
      await page.goto('/admin');
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
