import { authApi } from '../../src/contract/auth';
import { prizesApi } from '../../src/contract/prizes-api';
import { paths } from '../../src/web/config/paths';
import { callApi, pageAddress } from './addresses';
import { expect, expectFitsBothWidths, test } from './fixtures';
import { e2eDailyPlayer, e2eSavers } from './site-history';

test('a member who plays one day more than the limit in a row is reminded of breaks and self-exclusion', async ({
  page,
  signInAs,
}) => {
  const login = await callApi(page.request, authApi.login, {
    body: { email: e2eDailyPlayer.email, password: e2eSavers.password },
  });
  expect(login.status()).toBe(200);
  const token: string = (await login.json()).token;
  // Today's entry is the day past the limit.
  const { prizes } = await (await callApi(page.request, prizesApi.list)).json();
  const prize = prizes.find(
    (p: { status: string; entryCost: number }) => p.status === 'active' && p.entryCost === 1,
  );
  const entered = await callApi(page.request, prizesApi.enter, {
    params: { id: prize._id },
    headers: { authorization: `Bearer ${token}` },
    body: { entries: 1 },
  });
  expect(entered.status(), await entered.text()).toBe(200);

  await signInAs(token);
  await page.goto(paths.dashboard);
  await page.getByTestId('notification-bell').click();
  const reminder = page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('link', { name: /You have played every day for a while/ });
  await expect(reminder).toContainText('you can take a break or exclude yourself');
  await expectFitsBothWidths(page, 'wellbeing-reminder');
  await reminder.click();
  await expect(page).toHaveURL(pageAddress(`${paths.account}#self-exclusion`));
  await expect(page.getByLabel('Your password, to confirm')).toBeVisible();
});
