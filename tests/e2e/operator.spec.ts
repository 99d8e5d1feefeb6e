import { readFile } from 'node:fs/promises';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { APPROVAL_WAITING } from '../../src/contract/approvals';
import { drawsApi } from '../../src/contract/draws';
import { prizesApi } from '../../src/contract/prizes-api';
import type { AdminWinner } from '../../src/contract/wins';
import { winsApi } from '../../src/contract/wins';
import { paths } from '../../src/web/config/paths';
import { callApi, pageAddress } from './addresses';
import {
  expect,
  expectFitsBothWidths,
  expectNoSeriousAxeViolations,
  keepScreenshot,
  signUpThroughApi,
  test,
  VERDICT_TIMEOUT,
} from './fixtures';

/** A member signed up from `address`, optionally with a referral code. */
async function member(request: APIRequestContext, address: string, extra: { referralCode?: string } = {}) {
  const { user, token, password } = await signUpThroughApi(request, { who: 'Operator', address, ...extra });
  return { ...user, token, password };
}

// Each flow runs once, at one width; the screens only it reaches are checked at both (expectFitsBothWidths).
const width = 1280;
test.describe(`at ${width} px`, () => {
  test.use({ viewport: { width, height: 900 } });

  test('an admin finds a member by part of their email, reads their ledger, corrects it, suspends them and lifts it', async ({
    page,
    signInAs,
    adminToken,
  }) => {
    // Seven pages, a live sign-out and an axe pass over the audit log of a site every spec has written
    // to: about 85 s on a quiet machine, too close to the 90 s every test gets.
    test.slow();
    const target = await member(page.request, '198.51.100.202');
    await signInAs(await adminToken());
    await page.goto(paths.adminTab('users'));
    // Any part of the address finds them: here, what follows "operator-".
    await page.getByLabel('Search members').fill(target.email.slice(9, 20));
    const result = page.getByRole('link', { name: target.username });
    await expect(result).toBeVisible();
    // Narrowed to suspended members, they are not there; to active ones, they are.
    await page.getByLabel('Status').selectOption('suspended');
    await expect(page.getByText('No members found')).toBeVisible();
    await page.getByLabel('Status').selectOption('active');
    await expect(result).toBeVisible();
    await expectFitsBothWidths(page);
    await result.click();

    await expect(page).toHaveURL(paths.adminMember(target._id));
    await expect(page.getByRole('heading', { name: target.username, level: 2 })).toBeVisible();
    const ledger = page.getByRole('region', { name: 'Entries ledger' });
    await expect(ledger.getByRole('row', { name: /Welcome bonus/ })).toContainText('+10');
    await expectFitsBothWidths(page);

    // An internal note, for staff only.
    await page.getByLabel('Add a note (staff only)').fill('Rang about a late prize; sent the tracking link');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Note added')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Internal notes, newest first' })).toContainText(
      'Rang about a late prize; sent the tracking link',
    );

    // A correction with a reason: the new balance and the ledger row show at once.
    await page.getByRole('button', { name: 'Correct balance' }).click();
    await page.getByLabel('Entries (negative to take)').fill('25');
    await page.getByLabel('Reason').fill('Missed survey credit');
    await page.getByRole('button', { name: 'Apply correction' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm the correction' });
    await expect(confirm).toContainText(`${target.username}: +25 entries, balance 60 → 85`);
    await expectFitsBothWidths(page, 'admin-correction-confirm');
    await confirm.getByRole('button', { name: 'Confirm correction' }).click();
    await expect(page.getByText("Added 25 entries to the member's entries balance")).toBeVisible();
    await expect(page.getByText('Available entries').locator('..')).toContainText('85');
    await expect(ledger.getByRole('row', { name: /Balance correction/ })).toContainText(
      'Missed survey credit',
    );
    // The member never verified their address: a new link is one click away.
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText(`We have sent a new verification link to ${target.email}`)).toBeVisible();
    // With the balance just after it.
    await expect(
      ledger
        .getByRole('row', { name: /Balance correction/ })
        .getByRole('cell')
        .last(),
    ).toHaveText('85');

    // Suspended: the member's open page signs them out and says why, and so does the sign-in form.
    const memberPage = await page
      .context()
      .browser()!
      .newPage({ viewport: { width, height: 900 } });
    await memberPage.goto(paths.home);
    await memberPage.evaluate((t) => localStorage.setItem('token', t), target.token);
    await memberPage.goto(paths.dashboard);
    await expect(memberPage.getByRole('heading', { name: `Hi, ${target.username}` })).toBeVisible();

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Suspend' }).click();
    await page.getByLabel('Reason, as the member will read it').fill('Several accounts on one address');
    await page.getByRole('button', { name: 'Suspend member' }).click();
    await expect(page.getByText('Member suspended; their sessions have ended')).toBeVisible();
    await expect(page.getByText(/Suspended .* until lifted: Several accounts on one address/)).toBeVisible();

    // The member's open page hears its session end: signed out at once, and told why, without a reload.
    await expect(
      memberPage.getByText(/Your account is suspended: Several accounts on one address/),
    ).toBeVisible();
    await expect(memberPage.getByTestId('entries-count')).toHaveCount(0);
    await memberPage.goto(paths.login);
    await memberPage.getByLabel('Email').fill(target.email);
    await memberPage.getByLabel('Password').fill(target.password);
    await memberPage.getByRole('button', { name: 'Sign In' }).click();
    // Signed in again, to a restricted session: their standing, why, and how to appeal (DESIGN §19).
    await expect(memberPage).toHaveURL(pageAddress(paths.standing, { partly: true }));
    await expect(memberPage.getByRole('heading', { name: 'Your account is suspended' })).toBeVisible();
    await expect(memberPage.getByText('Why: Several accounts on one address')).toBeVisible();

    await page.getByRole('button', { name: 'Lift suspension' }).click();
    await page.getByLabel('Reason').fill('Checked: one household, two people');
    await page.getByRole('button', { name: 'Lift suspension' }).last().click();
    await expect(page.getByText('Suspension lifted')).toBeVisible();
    await memberPage.goto(paths.dashboard);
    await expect(memberPage.getByRole('heading', { name: `Hi, ${target.username}` })).toBeVisible();
    await memberPage.close();

    // Every one of those actions is in the audit log, and its chain verifies.
    await page.goto(paths.adminTab('audit'));
    await page.getByLabel('Target id').fill(target._id);
    await page.getByRole('button', { name: 'Filter' }).click();
    const events = page.getByRole('list', { name: 'Audit log, newest first' });
    await expect(events.getByRole('listitem')).toHaveCount(5);
    await expect(events.getByRole('listitem').nth(0)).toContainText('Suspension lifted');
    await expect(events.getByRole('listitem').nth(1)).toContainText('Member suspended');
    await expect(events.getByRole('listitem').nth(2)).toContainText('Verification link sent again');
    await expect(events.getByRole('listitem').nth(3)).toContainText('Balance corrected');
    await expect(events.getByRole('listitem').nth(4)).toContainText('Note added');
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await expect(page.getByText(/Chain intact: [\d,]+ rows checked\./)).toBeVisible();
    await expectFitsBothWidths(page);
  });

  test('the flagged accounts of a one-address referral ring are at the top of Review', async ({
    page,
    signInAs,
    adminToken,
  }) => {
    const ring = '203.0.113.62';
    const host = await member(page.request, ring);
    const friends = [];
    for (let i = 0; i < 3; i++)
      friends.push(await member(page.request, ring, { referralCode: host.referralCode }));
    await signInAs(await adminToken());
    await page.goto(paths.adminTab('review'));
    const flagged = page
      .getByRole('list', { name: 'Flagged members, highest risk first' })
      .getByRole('listitem');
    await expect(flagged.first()).toBeVisible();
    // The ring is four accounts; nobody else here shares an address and a referral.
    const top = await flagged.evaluateAll((items) =>
      items
        .filter((li) => li.parentElement?.tagName === 'OL')
        .slice(0, 8)
        .map((li) => li.querySelector('a')?.textContent ?? ''),
    );
    for (const account of [host, ...friends]) expect(top).toContain(account.username);
    // The host's own card: the one showing their email (the friends' cards link to them too).
    const hostCard = flagged.filter({ hasText: host.email });
    await expect(hostCard).toContainText('Same address as other accounts');
    await expect(hostCard).toContainText('Referred from the same address or device');
    await expect(hostCard.getByRole('link', { name: friends[0]!.username })).toHaveCount(2);
    await expectFitsBothWidths(page);

    // The queue is worked: the host cleared from their row, two friends held at once.
    await hostCard.getByRole('button', { name: 'Clear', exact: true }).click();
    await hostCard.getByLabel('Reason').fill('Flatmates who invited each other; IDs checked');
    await keepScreenshot(page, `review-clear-${width}.png`);
    await hostCard.getByRole('button', { name: `Clear ${host.username}` }).click();
    await expect(page.getByText('Member cleared')).toBeVisible();
    await expect(hostCard).toHaveCount(0);
    const card = (account: { email: string }) => flagged.filter({ hasText: account.email });
    for (const friend of friends.slice(0, 2))
      await card(friend)
        .getByRole('checkbox', { name: `Select ${friend.username}` })
        .check();
    await expect(page.getByText('2 members selected')).toBeVisible();
    await page.getByLabel('Reason').first().fill('Referral ring on one address');
    await keepScreenshot(page, `review-bulk-${width}.png`);
    await page.getByRole('button', { name: 'Hold cashouts of 2 members' }).click();
    await expect(page.getByText('2 members held from cashing out')).toBeVisible();
    const batch = page.getByRole('status').filter({ hasText: 'The last batch' });
    await expect(batch).toContainText(`${friends[0]!.username}: cashouts held`);
    await expect(card(friends[0]!)).toHaveCount(0);
    await expect(card(friends[2]!)).toBeVisible();

    await page.getByRole('tab', { name: 'Cleared' }).click();
    await expect(card(host)).toContainText(
      /Cleared by Admin on .+: Flatmates who invited each other; IDs checked/,
    );
    await page.getByRole('tab', { name: 'Actioned' }).click();
    await expect(card(friends[1]!)).toContainText('Cashouts held: Referral ring on one address');
    await expectFitsBothWidths(page);
    await keepScreenshot(page, `review-actioned-${width}.png`);
  });

  test('the Dashboard draws last month’s charts, with their figures as tables', async ({
    page,
    signInAs,
    adminToken,
  }) => {
    await signInAs(await adminToken());
    await page.goto(paths.admin);
    await expect(page.getByText('Entries earned by source, and spent', { exact: true })).toBeVisible();
    await expect(page.locator('canvas').first()).toBeVisible();
    await page.getByRole('button', { name: 'Last month' }).click();
    const lastMonth = new Date();
    lastMonth.setUTCDate(0);
    await expect(page.getByLabel('To (UK day)')).toHaveValue(lastMonth.toISOString().slice(0, 10));
    await page.getByText('Sign-ups and active members: the figures').click();
    const figures = page.getByRole('region', { name: 'Sign-ups and active members: the figures' });
    await expect(figures.getByRole('row')).toHaveCount(lastMonth.getUTCDate() + 1);
    // The same days as a file.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^analytics-\d{4}-\d\d-01-to-\d{4}-\d\d-\d\d\.csv$/);
    // Saved as the server sent it, byte-order mark first, so a spreadsheet reads "£" as it is.
    const saved = await readFile(await file.path());
    expect([...saved.subarray(0, 5)]).toEqual([0xef, 0xbb, 0xbf, ...Buffer.from('da')]);
    await expectFitsBothWidths(page);
  });
});

test('an admin disqualifies a winner; the next participant in the draw’s ranking wins, and /draws/:id verifies it', async ({
  page,
  signInAs,
  adminToken,
  approverToken,
}) => {
  // The draw waits for its beacon round, about 10 s after the entries are frozen, and the browser checks the
  // draw's signature itself: together past 90 s on a busy machine, as the admin's draw is.
  test.setTimeout(120_000);
  const admin = { authorization: `Bearer ${await adminToken()}` };
  const title = `E2E Pass-on ${Date.now()}`;
  const created = await callApi(page.request, prizesApi.create, {
    headers: admin,
    body: {
      title,
      type: 'cash',
      value: 20,
      startDate: new Date(Date.now() - 60_000).toISOString(),
      endDate: new Date(Date.now() + 6_000).toISOString(),
      status: 'active',
    },
  });
  const { prize } = await created.json();
  const people = [];
  for (let i = 0; i < 3; i++) {
    const person = await member(page.request, `198.51.100.${210 + i}`);
    const entered = await callApi(page.request, prizesApi.enter, {
      params: { id: prize._id },
      headers: { authorization: `Bearer ${person.token}` },
      body: { entries: i + 1 },
    });
    expect(entered.status()).toBe(200);
    people.push(person);
  }
  await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(new Date(prize.endDate).getTime());
  const drawNow = () =>
    callApi(page.request, drawsApi.draw, {
      params: { id: prize._id },
      headers: admin,
      body: { forceOverride: true },
    });
  expect((await drawNow()).status()).toBe(503);
  // Drawn as soon as the round is out: each try before then answers 503 and changes nothing.
  let drawn: APIResponse | undefined;
  await expect
    .poll(
      async () => {
        drawn = await drawNow();
        return drawn.status();
      },
      { timeout: 40_000, intervals: [1_000] },
    )
    .toBe(200);
  const [first] = (await drawn!.json()).winners;

  await signInAs(admin.authorization.slice(7));
  await page.goto(paths.adminTab('winners'));
  const row = page.getByRole('row').filter({ hasText: title }).filter({ hasText: first.email });
  await row.getByRole('button', { name: 'Disqualify' }).click();
  // The dialog says how many are still in line, never who: whoever could see it could choose the winner.
  const dialog = page.getByRole('dialog', { name: `Disqualify ${first.username}?` });
  await expect(dialog.getByTestId('line')).toContainText(
    `Their place in ${title} passes to the next eligible participant in the draw's ranking (2 still in line)`,
  );
  await expect(dialog).not.toContainText(people.find((p) => p.username !== first.username)!.username);
  await dialog.getByRole('button', { name: 'Disqualify' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Two accounts, one person');
  await expectNoSeriousAxeViolations(page);
  await keepScreenshot(page, 'disqualify-dialog.png');
  await dialog.getByRole('button', { name: 'Disqualify' }).click();
  await expect(page.getByText(APPROVAL_WAITING)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).not.toContainText('Forfeited');

  // A second admin approves it from Approvals, seeing what it does before confirming.
  await signInAs(await approverToken());
  await page.goto(paths.adminTab('approvals'));
  const waiting = page
    .getByRole('list', { name: 'Approvals' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await waiting.getByRole('button', { name: 'Approve…' }).click();
  await expect(waiting.getByRole('group', { name: 'Confirm the approval' })).toContainText(
    `Disqualify ${first.username}, the winner of place 1 in "${title}"`,
  );
  await waiting.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(page.getByText('Approved: the change is made')).toBeVisible();
  const winners = await callApi(page.request, winsApi.adminList, { headers: admin });
  const now = ((await winners.json()).winners as AdminWinner[]).find(
    (w) => w.prize.title === title && !w.forfeitReason,
  )!;
  const next = people.find((p) => p.username === now.user.username);
  expect(next && next.username !== first.username).toBe(true);
  await page.goto(paths.adminTab('winners'));
  await expect(row).toContainText('Forfeited: the win was disqualified under the Contest Rules');

  await page.goto(paths.draw(prize._id));
  // The browser suite's beacon is a local network this page does not know, so it says so instead of "Verified".
  await expect(page.getByTestId('verdict')).toHaveText('Recomputed, from an unknown beacon', {
    timeout: VERDICT_TIMEOUT,
  });
  await expect(
    page.getByText('Each place passed on went to the next eligible participant in the ranking: yes'),
  ).toBeVisible();
  const passedOn = page.getByRole('region', { name: 'Places passed on' });
  await expect(passedOn.getByRole('listitem')).toHaveCount(1);
  await expect(passedOn.getByRole('listitem').getByLabel('checked')).toBeVisible();
  await expect(passedOn).toContainText('(disqualified) →');
  await expectNoSeriousAxeViolations(page);

  // The new winner hears of it and sees the win waiting for their claim.
  await signInAs(next!.token);
  await page.goto(paths.wins);
  await expect(
    page.getByRole('listitem').filter({ hasText: title }).getByText('Pending Claim'),
  ).toBeVisible();
});
