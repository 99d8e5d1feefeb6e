import { authApi } from '../../src/contract/auth';
import { membersApi } from '../../src/contract/members-api';
import { paths } from '../../src/web/config/paths';
import { callApi, pageAddress } from './addresses';
import { expect, expectFitsBothWidths, test } from './fixtures';

test('a suspended member signs in to see why and until when, appeals once, and can do nothing else', async ({
  page,
  account,
  signInAs,
  adminToken,
}) => {
  const me = await (
    await callApi(page.request, authApi.me, { headers: { authorization: `Bearer ${account.token}` } })
  ).json();
  const suspended = await callApi(page.request, membersApi.suspend, {
    params: { id: me.user._id },
    headers: { authorization: `Bearer ${await adminToken()}` },
    body: { reason: 'Entries from several accounts on one device' },
  });
  expect(suspended.status()).toBe(200);

  const login = await callApi(page.request, authApi.login, {
    body: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(200);
  const memberToken: string = (await login.json()).token;
  await signInAs(memberToken);
  await page.goto(paths.tasks);
  // A call the restricted session may not make takes the member to their standing.
  await expect(page).toHaveURL(pageAddress(paths.standing, { partly: true }));
  await expect(page.getByRole('heading', { name: 'Your account is suspended' })).toBeVisible();
  await expect(page.getByText('Why: Entries from several accounts on one device')).toBeVisible();
  await expect(page.getByText('A person will have looked by')).toBeVisible();

  await page.getByLabel('Your appeal').fill('short');
  await page.getByRole('button', { name: 'Send my appeal' }).click();
  await expect(page.getByText('Your appeal must be at least 10 characters')).toBeVisible();
  await page.getByLabel('Your appeal').fill('My partner and I share a phone; we are two real people.');
  await page.getByRole('button', { name: 'Send my appeal' }).click();
  await expect(
    page.getByText('Appeal sent. A person will look at it and tell you what they decide.'),
  ).toBeVisible();
  await expect(page.getByTestId('appeal')).toContainText('A person is looking at it.');
  await expectFitsBothWidths(page, 'standing-appealed');

  // Staff find it on the Review tab and overturn it, with the reason the member is told.
  await signInAs(await adminToken());
  await page.goto(paths.adminTab('review'));
  const card = page.getByRole('listitem').filter({ hasText: `${account.username} appeals their suspension` });
  await expect(card).toContainText('My partner and I share a phone');
  await card.getByRole('button', { name: 'Overturn', exact: true }).click();
  await card.getByLabel('Reason').fill('Checked: two people, one phone');
  await card.getByRole('button', { name: 'Overturn the decision' }).click();
  await expect(page.getByText(`Appeal overturned: ${account.username} is told why`)).toBeVisible();
  await expectFitsBothWidths(page, 'appeals-decided');

  // The member plays again, and their standing says so.
  await signInAs(memberToken);
  await page.goto(paths.standing);
  await expect(page.getByText('Your account is in good standing')).toBeVisible();
});
