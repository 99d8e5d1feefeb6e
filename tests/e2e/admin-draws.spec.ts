import { e2eBeaconRound } from '../../playwright.config';
import { WEEKDAYS } from '../../src/contract/constants';
import { drawsApi } from '../../src/contract/draws';
import { prizesApi } from '../../src/contract/prizes-api';
import { paths } from '../../src/web/config/paths';
import { callApi } from './addresses';
import { expect, expectNoSeriousAxeViolations, test, VERDICT_TIMEOUT } from './fixtures';

test('an admin draws a closed prize (with the force prompt), marks the winner notified, and the draw verifies', async ({
  page,
  account,
  signInAs,
  adminToken,
  mailedLink,
}) => {
  // The draw waits for its beacon round, about 10 s after the entries are frozen, then the flow reads eight
  // screens, four checked by axe, and the browser checks the draw's signature: past 120 s on a busy machine.
  test.setTimeout(180_000);
  const admin = { authorization: `Bearer ${await adminToken()}` };
  const londonToday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/London' }).format(
    new Date(),
  );
  const otherDay = WEEKDAYS.find((d) => d !== londonToday)!;
  const title = `E2E Hamper ${Date.now()}`;
  const created = await callApi(page.request, prizesApi.create, {
    headers: admin,
    body: {
      title,
      type: 'physical',
      value: 75,
      startDate: new Date(Date.now() - 60_000).toISOString(),
      endDate: new Date(Date.now() + 6_000).toISOString(),
      status: 'active',
      drawDay: otherDay,
    },
  });
  expect(created.status()).toBe(201);
  const { prize } = await created.json();
  const entered = await callApi(page.request, prizesApi.enter, {
    params: { id: prize._id },
    headers: { authorization: `Bearer ${account.token}` },
    body: { entries: 3 },
  });
  expect(entered.status()).toBe(200);
  expect(prize.beaconRound).toMatchObject({ round: expect.any(Number) });
  await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(new Date(prize.endDate).getTime());
  // The first press freezes the entries and waits for the beacon round that follows, about 10 s on.
  const early = await callApi(page.request, drawsApi.draw, {
    params: { id: prize._id },
    headers: admin,
    body: { forceOverride: true },
  });
  expect(early.status()).toBe(503);
  expect((await early.json()).error).toContain('not out');
  // The press fixed the round the draw waits for: the draw can go ahead once the beacon serves it.
  const frozen = await (await callApi(page.request, prizesApi.prize, { params: { id: prize._id } })).json();
  const { round } = frozen.prize.beaconRound;
  expect(round).toBeGreaterThanOrEqual(prize.beaconRound.round);
  await expect
    .poll(async () => (await fetch(e2eBeaconRound(round))).status, { timeout: 30_000, intervals: [500] })
    .toBe(200);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await signInAs(admin.authorization.slice(7));
  await page.goto(paths.admin);
  await page.getByRole('tab', { name: 'Draw Winners' }).click();
  const row = page.getByRole('listitem').filter({ hasText: title });
  await row.getByRole('button', { name: 'Draw winners' }).click();
  // The toast, and the draw's result above the list, with its winner.
  const result = page
    .getByRole('status')
    .filter({ hasText: `Drew 1 winner for ${title}` })
    .filter({ has: page.getByRole('link', { name: account.username }) });
  await expect(result).toBeVisible();
  expect(dialogs[0]).toBe(`Draw 1 winner for ${title}? This cannot be undone.`);
  expect(dialogs[1]).toContain(
    `This prize is drawn on ${otherDay}s and today is ${londonToday}. Draw it anyway?`,
  );

  await page.getByRole('tab', { name: 'All Winners' }).click();
  const winnerRow = page.getByRole('row').filter({ hasText: title });
  await expect(winnerRow).toContainText(account.email);
  await winnerRow.getByRole('button', { name: 'Mark Notified' }).click();
  await expect(page.getByText('Winner marked as notified')).toBeVisible();
  await expect(winnerRow.getByText('Yes')).toBeVisible();

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Send test email' }).click();
  await expect(page.getByText('Please enter an email address')).toBeVisible();
  await page.getByLabel('Email address').fill('ops@e2e.test');
  await page.getByRole('button', { name: 'Send test email' }).click();
  await expect(page.getByText('Test email sent successfully!')).toBeVisible();
  await expect(page.getByText('PrizeDraw test email to ops@e2e.test')).toBeVisible();
  await expect(page.getByText(`You won ${title}! to ${account.email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Trigger draw check' }).click();
  await expect(page.getByText(/Draw check complete/)).toBeVisible();
  // The winner's row says their email was delivered, once the outbox has sent it.
  // Each look waits for the tab to load its rows (seconds on a busy machine), then for the word briefly.
  await expect(async () => {
    await page.goto(paths.adminTab('winners'));
    await expect(winnerRow).toBeVisible({ timeout: 10_000 });
    await expect(winnerRow).toContainText('Email delivered', { timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  // The public feeds show the winner with a masked name.
  await page.goto(paths.home);
  await expect(page.getByText(new RegExp(`^\\S\\*+\\S won ${title}$`))).toBeVisible();

  await page.goto(paths.prize(prize._id));
  // The check's own script is held back a moment, so the page is seen mid-check: a progress bar, no verdict.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/draw-[\w-]{8}\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Check this draw' }).click();
  await expect(page).toHaveURL(paths.draw(prize._id));
  const progress = page.getByRole('progressbar', { name: 'Checking the draw' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('Checking the draw… 0%')).toBeVisible();
  await expect(page.getByTestId('verdict')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  release();
  // The browser checked the round's BLS signature itself; the browser suite's beacon is a local network
  // this page does not know, so it says so instead of "Verified".
  await expect(page.getByTestId('verdict')).toHaveText('Recomputed, from an unknown beacon', {
    timeout: VERDICT_TIMEOUT,
  });
  await expect(progress).toBeHidden();
  await expectNoSeriousAxeViolations(page);
  await expect(page.getByText(/^Round \d+ is signed with that public key: yes$/)).toBeVisible();
  await expect(page.getByText('The randomness is the SHA-256 of that signature: yes')).toBeVisible();
  await expect(page.getByTestId('trust')).toContainText('a network this page does not know');
  await expect(page.getByRole('cell', { name: '3 entries' })).toBeVisible();

  // The winner verifies their address from the emailed link (a claim needs it: wins.test.ts), sees the win
  // as Pending Claim and confirms delivery details.
  await signInAs(account.token);
  await page.goto(await mailedLink(account.email, paths.verifyEmail));
  await expect(page.getByText('Thank you! Your email address is verified.')).toBeVisible();
  await page.goto(paths.wins);
  const win = page.getByRole('listitem').filter({ hasText: title });
  await expect(win.getByText('Pending Claim')).toBeVisible();
  await win.getByRole('button', { name: 'Claim prize' }).click();
  await page.getByLabel('Full name').fill('Ann Winner');
  await page.getByLabel('County', { exact: true }).fill('West Yorkshire');
  await page.getByLabel('Delivery address').fill('1 High Street, Leeds');
  await page.getByLabel('Postcode').fill('LS1 4AP');
  await page.getByLabel('Date of birth').fill('1990-05-01');
  await page.getByRole('button', { name: 'Confirm and claim' }).click();
  await expect(page.getByText('Prize claimed! We will be in touch about delivery.')).toBeVisible();
  await expect(win.getByText('Claimed', { exact: true })).toBeVisible();

  // Claimed, the winner is named as CAP 8.28.5 asks: first name, surname initial and county.
  await page.goto(paths.winners);
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Ann W., West Yorkshire');
});

test('the verification page says plainly when a prize has not been drawn', async ({ page }) => {
  const { prizes } = await (await callApi(page.request, prizesApi.list)).json();
  await page.goto(paths.draw(prizes[0]._id));
  await expect(page.getByText('This prize has not been drawn yet')).toBeVisible();
});
