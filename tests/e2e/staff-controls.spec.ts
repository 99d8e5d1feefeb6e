import { E2E_APPROVAL_POUNDS } from '../../playwright.config';
import { APPROVAL_WAITING } from '../../src/contract/approvals';
import { REFERRAL_REWARD } from '../../src/contract/constants';
import { paths } from '../../src/web/config/paths';
import { codeAt } from '../support/totp';
import { pageAddress } from './addresses';
import { expect, expectFitsBothWidths, signUpThroughApi, test } from './fixtures';
import { e2eHeldReferral, e2eSavers, e2eTiredFinance } from './site-history';

// Each flow runs once, at one width; the screens only it reaches are checked at both (expectFitsBothWidths).
const width = 1280;
test.describe(`at ${width} px`, () => {
  test.use({ viewport: { width, height: 900 } });

  test('finance staff signed in an hour ago are asked for a code before a correction, which then goes through', async ({
    page,
    signInAs,
  }) => {
    const saver = e2eSavers.members[3]!;
    await signInAs(e2eTiredFinance.token);
    await page.goto(paths.adminTab('users'));
    await page.getByLabel('Search members').fill(saver.email);
    await page.getByRole('link', { name: saver.username }).click();
    await expect(page.getByRole('heading', { name: saver.username, level: 2 })).toBeVisible();
    const entries = page.getByText('Available entries').locator('..');
    const before = Number((await entries.textContent())!.replace(/\D/g, ''));

    await page.getByRole('button', { name: 'Correct balance' }).click();
    await page.getByLabel('Entries (negative to take)').fill('5');
    await page.getByLabel('Reason').fill(`Goodwill for a late reply, ${width}`);
    await page.getByRole('button', { name: 'Apply correction' }).click();
    await page
      .getByRole('group', { name: 'Confirm the correction' })
      .getByRole('button', { name: 'Confirm correction' })
      .click();

    // The server refuses a session whose second factor is an hour old; the console asks for a code.
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(/^Code from your app/)).toBeFocused();
    await expectFitsBothWidths(page, 'reauth-dialog');
    await dialog.getByLabel(/^Code from your app/).fill('000000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('That code is not right. Please try again.')).toBeVisible();
    await expect(entries).toContainText(String(before));

    await dialog.getByLabel(/^Code from your app/).fill(codeAt(e2eTiredFinance.secret, new Date()));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The correction is sent again, and made, once.
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Added 5 entries to the member's entries balance")).toBeVisible();
    await expect(entries).toContainText(String(before + 5));
    await expect(
      page
        .getByRole('region', { name: 'Entries ledger' })
        .getByRole('row', { name: new RegExp(`Goodwill for a late reply, ${width}`) }),
    ).toHaveCount(1);
    await expectFitsBothWidths(page);
  });

  test('a large correction waits for a second member of staff, whose bell says so, and who makes it from Approvals', async ({
    page,
    signInAs,
    adminToken,
    approverToken,
  }) => {
    const address = '192.0.2.128';
    const { user: owed } = await signUpThroughApi(page.request, { who: 'Owed', address });
    // The approver is staff before the request, so it reaches their bell.
    const approver = await approverToken();
    await signInAs(await adminToken());
    await page.goto(paths.adminMember(owed._id));
    await page.getByRole('button', { name: 'Correct balance' }).click();
    await page.getByLabel('Balance').selectOption('cash');
    await page.getByLabel('Amount in pounds (negative to take)').fill(String(E2E_APPROVAL_POUNDS));
    await page.getByLabel('Reason').fill(`Prize money owed, ${width}`);
    await page.getByRole('button', { name: 'Apply correction' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm the correction' });
    await expect(confirm).toContainText(`${owed.username}: +£100 cash, balance £0 → £100`);
    await confirm.getByRole('button', { name: 'Confirm correction' }).click();
    await expect(page.getByText(APPROVAL_WAITING)).toBeVisible();
    await expect(page.getByText('Cash', { exact: true }).first().locator('..')).toContainText('£0');

    await signInAs(approver);
    await page.goto(paths.admin);
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
    await bell.click();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('link', { name: /asks you to approve: balance correction/ })
      .filter({ hasText: owed.username })
      .click();
    await expect(page).toHaveURL(pageAddress(paths.adminTab('approvals')));
    const waiting = page
      .getByRole('list', { name: 'Approvals' })
      .getByRole('listitem')
      .filter({ hasText: `Prize money owed, ${width}` });
    await expect(waiting).toContainText(`${owed.username}: +£100.00 cash, balance £0.00 → £100.00`);
    await expectFitsBothWidths(page, 'approvals');
    await waiting.getByRole('button', { name: 'Approve…' }).click();
    // The one who decides sees what it does as the balance stands now, before confirming.
    await expect(waiting.getByRole('group', { name: 'Confirm the approval' })).toContainText(
      `Approving makes this change now: ${owed.username}: +£100.00 cash, balance £0.00 → £100.00`,
    );
    await waiting.getByRole('button', { name: 'Confirm approval' }).click();
    await expect(page.getByText('Approved: the change is made')).toBeVisible();
    await page.goto(paths.adminMember(owed._id));
    await expect(page.getByText('Cash', { exact: true }).first().locator('..')).toContainText('£100');

    // Whoever asked hears the decision in their bell.
    await signInAs(await adminToken());
    await page.goto(paths.admin);
    await page.getByTestId('notification-bell').click();
    await expect(
      page
        .getByRole('region', { name: 'Notifications' })
        .getByRole('link', { name: /approved what you asked: balance correction/ })
        .filter({ hasText: `Prize money owed, ${width}` }),
    ).toBeVisible();
  });

  test('an admin pays a referral held for a shared address, confirmed in the page with who gets what', async ({
    page,
    signInAs,
    adminToken,
  }) => {
    const held = e2eHeldReferral;
    await signInAs(await adminToken());
    await page.goto(paths.adminTab('review'));
    const section = page.getByRole('region', { name: 'Referrals held for review' });
    const card = section.getByRole('listitem').filter({ hasText: held.friend.username });
    await expect(card).toContainText(
      `${held.referrer.username} referred ${held.friend.username}, who shares ${held.shared} with them.`,
    );
    await card.getByRole('button', { name: 'Pay referral' }).click();
    const confirm = card.getByRole('group', { name: 'Confirm the payment' });
    await expect(confirm).toContainText(
      `${held.referrer.username}: +${REFERRAL_REWARD} entries, balance 0 → ${REFERRAL_REWARD}, for inviting ${held.friend.username}, who shares ${held.shared} with them.`,
    );
    await expectFitsBothWidths(page, 'referral-hold-pay');
    await confirm.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page.getByText('Referral paid')).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});

test('the Contest Rules say that staff and their households cannot take part', async ({ page }) => {
  await page.goto(paths.contestRules);
  await expect(
    page.getByText(
      'PrizeDraw’s staff, and the members of their households, may not enter, earn entries, spin the wheel or win.',
    ),
  ).toBeVisible();
});
