import { prizesApi } from '../../src/contract/prizes-api';
import { paths } from '../../src/web/config/paths';
import { callApi } from './addresses';
import { expect, expectFitsBothWidths, test } from './fixtures';

test('a member excludes themselves for a year with their password, stays signed in, and cannot enter', async ({
  page,
  account,
  signInAs,
}) => {
  await signInAs(account.token);
  await page.goto(`${paths.account}#self-exclusion`);
  const card = page.locator('#self-exclusion');
  await card.getByRole('radio', { name: '1 year' }).check();
  await card.getByLabel('Your password, to confirm').fill('not my password');
  await card.getByRole('button', { name: 'Exclude me', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Exclude yourself for 1 year?' })
    .getByRole('button', {
      name: 'Exclude me for 1 year',
    })
    .click();
  await expect(page.getByText('Your current password is not correct')).toBeVisible();

  await card.getByLabel('Your password, to confirm').fill(account.password);
  await card.getByRole('button', { name: 'Exclude me', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Exclude yourself for 1 year?' });
  await expect(dialog).toContainText('it cannot be ended early');
  await dialog.getByRole('button', { name: 'Exclude me for 1 year' }).click();
  await expect(page.getByText(/^You are excluded from playing until \d+ \w+ \d{4}\.$/)).toBeVisible();
  await expect(page.getByTestId('self-excluded')).toContainText(
    'You have excluded yourself from playing until',
  );
  await expectFitsBothWidths(page, 'self-excluded');

  // Still signed in, but a prize refuses the entry and says until when.
  const { prizes } = await (await callApi(page.request, prizesApi.list)).json();
  await page.goto(paths.prize(prizes[0]._id));
  await page.getByRole('button', { name: /^Enter with/ }).click();
  await expect(
    page.getByText(/^You have excluded yourself from playing until \d+ \w+ \d{4}\./),
  ).toBeVisible();
});
