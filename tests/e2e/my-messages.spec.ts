import { contactApi } from '../../src/contract/contact';
import { paths } from '../../src/web/config/paths';
import { callApi, pageAddress } from './addresses';
import { expect, expectFitsBothWidths, test } from './fixtures';

// Once, at a phone's width; the answered message is checked at both widths (expectFitsBothWidths).
{
  const width = 375;
  test(`at ${width} px a member not yet verified reads our reply to their message in My messages, and the bell tells them of it`, async ({
    page,
    account,
    signInAs,
    adminToken,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(account.token);
    await page.goto(paths.messages);
    await expect(page).toHaveTitle('My messages | PrizeDraw');
    await expect(page.getByText('No messages yet')).toBeVisible();

    // The contact form starts from the member's own name and address.
    await page.goto(paths.contact);
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expect(page.getByLabel('Your name')).toHaveValue(account.username);
    const subject = `Where is my prize ${width}`;
    await page.getByLabel('Your name').fill('Ann Member');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('It has been two weeks.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText("Message sent! We'll get back to you soon.")).toBeVisible();
    await page.getByRole('link', { name: 'My messages' }).last().click();
    // Theirs by their account, not by an address: readable before they have verified it.
    const mine = page.getByRole('listitem').filter({ hasText: subject });
    await expect(mine).toContainText('Waiting for our reply');

    const staff = { authorization: `Bearer ${await adminToken()}` };
    const inbox = await (
      await callApi(page.request, contactApi.inbox, { query: { status: 'open' }, headers: staff })
    ).json();
    const ticket = inbox.messages.find((m: { subject: string }) => m.subject === subject);
    const replied = await callApi(page.request, contactApi.reply, {
      params: { id: ticket._id },
      headers: staff,
      body: { message: 'It was posted today; it should arrive by Friday.' },
    });
    expect(replied.status()).toBe(200);

    await page.reload();
    await expect(mine).toContainText('Answered');
    await expect(mine.getByRole('list', { name: 'Our replies' })).toContainText(
      'It was posted today; it should arrive by Friday.',
    );
    await expectFitsBothWidths(page, 'my-messages');

    const bell = page.getByTestId('notification-bell');
    await bell.click();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('link', { name: /We replied to your message/ })
      .click();
    await expect(page).toHaveURL(pageAddress(paths.messages));
  });
}
