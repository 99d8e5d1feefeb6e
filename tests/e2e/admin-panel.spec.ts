import { contactApi } from '../../src/contract/contact';
import { tasksApi } from '../../src/contract/tasks';
import { paths } from '../../src/web/config/paths';
import { callApi, pageAddress } from './addresses';
import { expect, test } from './fixtures';

test('an admin creates a draft prize in the panel, activates it and cancels it', async ({
  page,
  signInAs,
  adminToken,
}) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await signInAs(await adminToken());
  await page.goto(paths.admin);
  const title = `E2E Gift Box ${Date.now()}`;
  await page.getByRole('button', { name: 'New prize' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Value (£)').fill('49.99');
  await page.getByRole('button', { name: 'Create prize' }).click();
  await expect(page.getByText('Prize created')).toBeVisible();

  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Draft · £49.99');
  await row.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText(`${title} is now open for entries`)).toBeVisible();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Cancel prize' }).click();
  await row.getByLabel('Reason for cancelling').fill('The supplier cannot deliver it');
  await row.getByRole('button', { name: 'Cancel and refund everyone' }).click();
  await expect(page.getByText(`${title} cancelled; 0 people refunded`)).toBeVisible();
  await expect(row).toContainText('Cancelled');
});

test('an admin adds a task in the Tasks tab, checked by the API’s own rules, and hides it again', async ({
  page,
  account,
  signInAs,
  adminToken,
}) => {
  await signInAs(await adminToken());
  await page.goto(paths.admin);
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Follow us on X (Twitter)' })).toBeVisible();

  const title = `E2E Like our post ${Date.now()}`;
  await page.getByRole('button', { name: 'New task' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Type').selectOption('instagram_like');
  await page.getByLabel('Platform').selectOption('instagram');
  await page.getByLabel('Reward (entries)').fill('0');
  await page.getByLabel('Post link (https)').fill('http://instagram.com/p/abc');
  await page.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText('Reward must be at least 1')).toBeVisible();
  await expect(page.getByText('Post URL must be an https:// address')).toBeVisible();

  await page.getByLabel('Reward (entries)').fill('3');
  await page.getByLabel('Post link (https)').fill('https://instagram.com/p/abc');
  await page.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText('Task created')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('+3 entries · Shown');

  // A member sees it on the Tasks page until it is hidden.
  const member = { authorization: `Bearer ${account.token}` };
  const memberTitles = async () =>
    (await (await callApi(page.request, tasksApi.list, { headers: member })).json()).tasks.map(
      (t: { title: string }) => t.title,
    );
  expect(await memberTitles()).toContain(title);
  await row.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText(`${title} is hidden from the Tasks page`)).toBeVisible();
  await expect(row).toContainText('Hidden');
  expect(await memberTitles()).not.toContain(title);

  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Post link (https)')).toHaveValue('https://instagram.com/p/abc');
  await page.getByLabel('Reward (entries)').fill('4');
  await page.getByRole('button', { name: 'Save task' }).click();
  await expect(page.getByText('Task saved')).toBeVisible();
  await expect(row).toContainText('+4 entries · Hidden');
});

test('an admin answers a contact message by email from the Messages tab, then closes the ticket', async ({
  page,
  signInAs,
  adminToken,
}) => {
  const subject = `E2E delivery question ${Date.now()}`;
  const sent = await callApi(page.request, contactApi.send, {
    headers: { 'x-forwarded-for': '198.51.100.77' },
    body: { name: 'Ann', email: 'ann@e2e.test', subject, message: 'When will my prize arrive?' },
  });
  expect(sent.status()).toBe(201);
  await signInAs(await adminToken());
  await page.goto(paths.admin);
  // Staff are told in the bell, which leads to the Messages tab.
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await bell.click();
  const told = page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('link', { name: /New message from Ann/ })
    .filter({ hasText: subject });
  await told.click();
  await expect(page).toHaveURL(pageAddress(paths.adminTab('messages')));
  await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
  const message = page.getByRole('listitem').filter({ hasText: subject });
  await expect(message).toContainText('When will my prize arrive?');
  await expect(message).toContainText('Open');
  await message.getByLabel('Reply to Ann by email').fill('It left our warehouse today.');
  await message.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply sent')).toBeVisible();
  // Answered: it leaves the Open list and waits under Answered, with the reply beneath it.
  await page.getByRole('tab', { name: 'Answered' }).click();
  await expect(message).toContainText('It left our warehouse today.');
  await message.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Message marked closed')).toBeVisible();
  await page.getByRole('tab', { name: 'Closed' }).click();
  await expect(message.getByRole('button', { name: 'Reopen' })).toBeVisible();

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText(`Re: ${subject} to ann@e2e.test`)).toBeVisible();
});
