import type { APIRequestContext } from '@playwright/test';
import { authApi } from '../../src/contract/auth';
import { drawsApi } from '../../src/contract/draws';
import { prizesApi } from '../../src/contract/prizes-api';
import { paths } from '../../src/web/config/paths';
import { callApi } from './addresses';
import { expect, expectFitsBothWidths, signUpThroughApi, test } from './fixtures';

let n = 0;
/** A member with a verified address (a claim needs one), signed up through the API. */
async function verifiedMember(
  request: APIRequestContext,
  mailedLink: (to: string, pagePath: string) => Promise<string>,
) {
  const address = `192.0.2.${(n++ % 200) + 20}`;
  const { user: _, ...member } = await signUpThroughApi(request, { who: 'Claimant', address });
  const link = await mailedLink(member.email, paths.verifyEmail);
  const token = link.slice(link.indexOf('#token=') + '#token='.length);
  expect((await callApi(request, authApi.verifyEmail, { body: { token } })).status()).toBe(200);
  return member;
}

/** A cash prize both members enter and win, drawn through the API: it closes in seconds, then waits for its beacon round. */
async function drawnCashPrize(
  request: APIRequestContext,
  adminToken: string,
  members: Array<{ token: string }>,
) {
  const admin = { authorization: `Bearer ${adminToken}` };
  const created = await callApi(request, prizesApi.create, {
    headers: admin,
    body: {
      title: `E2E Cash ${Date.now()}`,
      type: 'cash',
      value: 50,
      totalWinners: members.length,
      startDate: new Date(Date.now() - 60_000).toISOString(),
      endDate: new Date(Date.now() + 5_000).toISOString(),
      status: 'active',
    },
  });
  expect(created.status()).toBe(201);
  const { prize } = await created.json();
  for (const m of members)
    expect(
      (
        await callApi(request, prizesApi.enter, {
          params: { id: prize._id },
          headers: { authorization: `Bearer ${m.token}` },
          body: { entries: 1 },
        })
      ).status(),
    ).toBe(200);
  await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(new Date(prize.endDate).getTime());
  // The first call freezes the entries; the draw waits for the beacon round after them.
  await expect
    .poll(
      async () =>
        (
          await callApi(request, drawsApi.draw, {
            params: { id: prize._id },
            headers: admin,
            body: { forceOverride: true },
          })
        ).status(),
      { timeout: 40_000, intervals: [3_000] },
    )
    .toBe(200);
  return prize as { _id: string; title: string };
}

// Each flow runs once, at one width; the screens only it reaches are checked at both (expectFitsBothWidths).
const width = 375;
test.describe(`at ${width} px`, () => {
  test.use({ viewport: { width, height: 900 } });

  test('a winner who types an under-18 year is asked first; corrected, a cash prize is claimed by PayPal, and confirmed, the win is given up at once', async ({
    page,
    signInAs,
    adminToken,
    mailedLink,
  }) => {
    test.setTimeout(120_000);
    const [ann, kid] = [
      await verifiedMember(page.request, mailedLink),
      await verifiedMember(page.request, mailedLink),
    ];
    const prize = await drawnCashPrize(page.request, await adminToken(), [ann, kid]);

    const startClaim = async (who: { token: string }, dateOfBirth: string) => {
      await signInAs(who.token);
      await page.goto(paths.wins);
      const win = page.getByRole('listitem').filter({ hasText: prize.title });
      await expect(win.getByText('Pending Claim')).toBeVisible();
      await win.getByRole('button', { name: 'Claim prize' }).click();
      await page.getByLabel('Full name').fill('Ann Winner');
      await page.getByLabel('County', { exact: true }).fill('Kent');
      await page.getByLabel('Don’t publish my name and county on the winners page').check();
      // A cash prize asks how to pay, not where to post.
      await expect(page.getByLabel('Delivery address')).toHaveCount(0);
      await page.getByLabel('PayPal email').fill('ann@example.com');
      await page.getByLabel('Date of birth').fill(dateOfBirth);
      await page.getByRole('button', { name: 'Confirm and claim' }).click();
      return win;
    };

    // A typo in the year: the page says what it would mean and asks, and nothing is lost.
    const win = await startClaim(ann, '2015-05-01');
    const ask = page.getByRole('alert').filter({ hasText: 'Is your date of birth right?' });
    await expect(ask).toContainText('The date of birth you gave, 1 May 2015, means you were under 18');
    await expectFitsBothWidths(page, 'claim-underage');
    await ask.getByRole('button', { name: 'Correct my date of birth' }).click();
    await expect(page.getByLabel('Date of birth')).toBeFocused();
    await page.getByLabel('Date of birth').fill('1990-05-01');
    await page.getByRole('button', { name: 'Confirm and claim' }).click();
    await expect(page.getByText('Prize claimed!').first()).toBeVisible();
    await expect(win.getByText('Claimed', { exact: true })).toBeVisible();

    // Confirmed, it is given up: the list says so at once, without a reload.
    const kidsWin = await startClaim(kid, '2015-05-01');
    await page.getByRole('button', { name: 'It is right: give up the prize' }).click();
    await expect(page.getByText('Sorry, winners must be 18 or over on the draw date')).toBeVisible();
    await expect(kidsWin.getByText('Forfeited')).toBeVisible();
  });
});
