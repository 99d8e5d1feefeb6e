import { cashApi } from '../../src/contract/cash';
import { paths } from '../../src/web/config/paths';
import { callApi } from './addresses';
import { expect, expectFitsBothWidths, test } from './fixtures';
import { saverSession } from './savers';
import { e2eParcel, e2eSavers } from './site-history';

// The sites pay PayPal addresses through the PayPal stand-in (playwright.config.ts), which pays at once.
const width = 1280;
test.describe(`at ${width} px`, () => {
  test.use({ viewport: { width, height: 900 } });

  test('an admin sends a withdrawal to PayPal; it is paid with no reference typed, and the member sees each step', async ({
    page,
    signInAs,
    adminToken,
  }) => {
    const saver = e2eSavers.members[4]!;
    const member = await saverSession(page, saver.email);
    const asked = await callApi(page.request, cashApi.requestWithdrawal, {
      headers: { authorization: `Bearer ${member}` },
      body: { method: 'paypal', amount: 7, paypalEmail: saver.email },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const { withdrawal } = await asked.json();

    await signInAs(await adminToken());
    await page.goto(paths.admin);
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const row = page.getByRole('listitem').filter({ hasText: saver.email });
    await row.getByRole('button', { name: 'Approve and send' }).click();
    const confirm = row.getByRole('group', { name: 'Confirm sending' });
    await expect(confirm).toContainText(`${saver.username}: £7 to PayPal: ${saver.email}.`);
    await expectFitsBothWidths(page, 'withdrawal-send');
    await row.getByRole('button', { name: 'Confirm and send' }).click();
    await expect(page.getByText('Withdrawal approved and on its way')).toBeVisible();
    await expect(row).toHaveCount(0);
    // The payout is sent by a job the approval queues (picked up within the job queue's 10-second poll) and
    // is paid once PayPal answers; the Paid tab lists what is paid as it opens, so the test waits for that.
    await expect
      .poll(
        async () => {
          const mine = await callApi(page.request, cashApi.withdrawals, {
            headers: { authorization: `Bearer ${member}` },
            query: {},
          });
          return (await mine.json()).withdrawals.find((w: { _id: string }) => w._id === withdrawal._id)
            ?.status;
        },
        { timeout: 45_000 },
      )
      .toBe('paid');

    await page.getByRole('tab', { name: 'Paid' }).click();
    const paid = page.getByRole('listitem').filter({ hasText: saver.email });
    await expect(paid).toContainText('Paid through PayPal · PayPal reference');
    await expect(paid.getByRole('list', { name: 'Where this withdrawal is' })).toContainText('Sent:');
    await expectFitsBothWidths(page, 'withdrawals-paid-by-paypal');

    await signInAs(member);
    await page.goto(paths.dashboard);
    const mine = page.getByRole('list', { name: 'Where this withdrawal is' }).first();
    for (const step of ['Asked for:', 'Approved:', 'Sent:', 'Paid:']) await expect(mine).toContainText(step);
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  });

  test('staff post a claimed prize with its tracking number, then mark it delivered, and the winner sees each step', async ({
    page,
    signInAs,
    adminToken,
  }) => {
    const winner = e2eSavers.members.at(-1)!;
    await signInAs(await adminToken());
    await page.goto(paths.adminTab('winners'));
    const row = page.getByRole('row').filter({ hasText: e2eParcel.title });
    await expect(row).toContainText('To post by');
    await row.getByRole('button', { name: 'Mark dispatched' }).click();
    const dialog = page.getByRole('dialog', { name: `Dispatch ${e2eParcel.title} to ${winner.username}` });
    await dialog.getByRole('button', { name: 'Mark dispatched' }).click();
    await expect(dialog.getByText('Carrier is required')).toBeVisible();
    await dialog.getByLabel('Carrier').fill('Royal Mail');
    await dialog.getByLabel('Tracking number').fill('RM123456785GB');
    await expectFitsBothWidths(page, 'prize-dispatch');
    await dialog.getByRole('button', { name: 'Mark dispatched' }).click();
    await expect(page.getByText('Prize marked dispatched')).toBeVisible();
    await expect(row).toContainText('Dispatched by Royal Mail, tracking RM123456785GB');

    await signInAs(await saverSession(page, winner.email));
    await page.goto(paths.wins);
    await expect(page.getByText('On its way by Royal Mail, tracking number RM123456785GB')).toBeVisible();

    await signInAs(await adminToken());
    await page.goto(paths.adminTab('winners'));
    await row.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(page.getByText('Prize marked delivered')).toBeVisible();
    await expect(row).toContainText('Delivered');

    await signInAs(await saverSession(page, winner.email));
    await page.goto(paths.wins);
    await expect(page.getByText(/^Delivered /)).toBeVisible();
  });
});
