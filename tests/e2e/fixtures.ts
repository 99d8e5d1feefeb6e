import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page, type Request } from '@playwright/test';
import { mailSinkURL } from '../../playwright.config';
import { approvalsApi } from '../../src/contract/approvals';
import { authApi, type SessionResponse } from '../../src/contract/auth';
import { liveApi } from '../../src/contract/live';
import { paths } from '../../src/web/config/paths';
import type { SunkMail } from '../support/smtp-sink';
import { callApi, callsTo } from './addresses';
import { adminSession, approverSession } from './admin-second-factor';

let n = 0;

/**
 * The e2e server trusts X-Forwarded-For (TRUST_PROXY), so set-up calls can come
 * from addresses of their own and leave 127.0.0.1's rate limits to the tests
 * that go through the forms.
 */
const setupAddress = () => ({ 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 254) + 1}` });

export interface Account {
  username: string;
  email: string;
  password: string;
  token: string;
}

/**
 * A new member signed up through the API, quicker than the form when the form is not what is being
 * tested: named `who` and a number (their address starts with `who` too), from `address` (the e2e
 * server believes X-Forwarded-For) and the browser `deviceId` when given.
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  { who = 'Tester', address = setupAddress()['x-forwarded-for'], deviceId, referralCode }: SignUpOptions = {},
) {
  const id = `${Date.now().toString(36)}${n++}`;
  const body = {
    username: `${who} ${id}`,
    email: `${who.toLowerCase().replaceAll(' ', '-')}-${id}@e2e.test`,
    password: 'e2e password',
    acceptTerms: true as const,
    ...(referralCode && { referralCode }),
  };
  const res = await callApi(request, authApi.register, {
    body,
    headers: { 'x-forwarded-for': address, ...(deviceId && { 'x-device-id': deviceId }) },
  });
  expect(res.status()).toBe(201);
  const { token, user }: SessionResponse = await res.json();
  return { ...body, token, user };
}

interface SignUpOptions {
  who?: string;
  address?: string;
  deviceId?: string;
  referralCode?: string;
}

const createAccount = async (page: Page): Promise<Account> => {
  const { username, email, password, token } = await signUpThroughApi(page.request);
  return { username, email, password, token };
};

/** Puts a session in the browser the way the app keeps it: the token in localStorage under `token`. */
async function signInAs(page: Page, token: string) {
  await page.goto(paths.home);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

/** The site's admin, signed in with password and a code from their authenticator (admin-second-factor.ts). */
const adminToken = (page: Page, baseURL: string) => adminSession(page.request, baseURL, setupAddress());

/** Approves, as a second owner, a change the admin asked for; answers the approval. */
async function approve(page: Page, baseURL: string, answer: { approval: { _id: string } }) {
  const token = await approverSession(page.request, baseURL, setupAddress());
  const res = await callApi(page.request, approvalsApi.approve, {
    params: { id: answer.approval._id },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).approval;
}

/**
 * The newest email to `to` whose text matches `pattern`, as it arrived over SMTP
 * (tests/support/smtp-sink.ts), once at least `count` such have arrived: mail
 * is sent as it is queued, so the second of two may still be on its way.
 */
export async function mailMatching(to: string, pattern: RegExp, count = 1): Promise<RegExpMatchArray> {
  let found: RegExpMatchArray[] = [];
  await expect
    .poll(
      async () => {
        const mails: SunkMail[] = await (await fetch(`${mailSinkURL}/mails`)).json();
        found = mails
          .filter((m) => m.to === to)
          .map((m) => m.text.match(pattern))
          .filter((m): m is RegExpMatchArray => m !== null);
        return found.length;
      },
      { message: `fewer than ${count} emails to ${to} matching ${pattern}`, timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found.at(-1)!;
}

/** The path and fragment of the newest emailed link to `pagePath` sent to `to`, the `count`th at least. */
const mailedLink = async (to: string, pagePath: string, count = 1) =>
  (await mailMatching(to, new RegExp(`${pagePath}#token=[A-Za-z0-9_-]{43}`), count))[0];

/** Requests each page has in flight, but for a member's live events, which stay open for good. */
const inFlight = new WeakMap<Page, Set<Request>>();
const liveEvents = callsTo(liveApi.events);

function track(page: Page) {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (r) => {
    if (!liveEvents(r.url())) pending.add(r);
  });
  const done = (r: Request) => pending.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * What 'networkidle' waits for, on pages that keep a live events stream open
 * (a member's, which networkidle would wait on for ever): the page loaded and
 * no other request for half a second.
 */
export async function settled(page: Page, quietMs = 500, timeoutMs = 10_000) {
  await page.waitForLoadState('load');
  const pending = inFlight.get(page);
  if (!pending) throw new Error('settled() needs the test’s own page');
  const start = Date.now();
  let quietSince = start;
  while (Date.now() - quietSince < quietMs) {
    if (pending.size) quietSince = Date.now();
    if (Date.now() - start > timeoutMs)
      throw new Error(`still loading after ${timeoutMs} ms: ${[...pending].map((r) => r.url()).join(', ')}`);
    await page.waitForTimeout(50);
  }
}

export const test = base.extend<{
  account: Account;
  signInAs(token: string): Promise<void>;
  adminToken(): Promise<string>;
  /** A second member of staff's session, for approving what the admin asks for. */
  approverToken(): Promise<string>;
  /** Approves, as a second member of staff, what a call answered 202 with. */
  approve(answer: { approval: { _id: string } }): Promise<unknown>;
  mailedLink(to: string, pagePath: string, count?: number): Promise<string>;
}>({
  page: async ({ page }, use) => {
    track(page);
    await use(page);
  },
  account: async ({ page }, use) => use(await createAccount(page)),
  signInAs: async ({ page }, use) => use((token) => signInAs(page, token)),
  adminToken: async ({ page, baseURL }, use) => use(() => adminToken(page, baseURL!)),
  approverToken: async ({ page, baseURL }, use) =>
    use(() => approverSession(page.request, baseURL!, setupAddress())),
  approve: async ({ page, baseURL }, use) => use((answer) => approve(page, baseURL!, answer)),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads what a fixture needs from this pattern.
  mailedLink: async ({}, use) => use(mailedLink),
});

export { expect };

/**
 * How long a draw's page may take to give its verdict: the browser checks the draw itself (the beacon
 * round's BLS signature, every participant's key), which takes seconds on a busy machine.
 */
export const VERDICT_TIMEOUT = 30_000;

/** Seriousness axe reports on the page as it is now: one line per rule, with the nodes it names. */
async function seriousAxeViolations(page: Page) {
  // Half-way through a fade (a toast coming or going), text has half its contrast: wait for it to end.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Axe finds nothing serious or critical on the page once it has settled. A toast can start fading in
 * while axe reads the page (its analysis takes seconds on a busy machine), so what it finds is looked
 * at again, settled, before it counts: a real fault is there every time.
 */
export async function expectNoSeriousAxeViolations(page: Page) {
  let serious = await seriousAxeViolations(page);
  for (let again = 0; again < 2 && serious.length > 0; again++) {
    await page.waitForTimeout(1_000);
    serious = await seriousAxeViolations(page);
  }
  expect(serious).toEqual([]);
}

/** Nothing wider than the screen: the page never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The widths every screen is checked at: a phone's and a desktop's. */
export const WIDTHS = [375, 1280] as const;

/**
 * The screen as it is now fits a phone and a desktop and axe finds nothing serious at either: a flow runs
 * once, at one width, and the screens only it reaches are narrowed or widened here, then set back.
 */
export async function expectFitsBothWidths(page: Page, name?: string) {
  const first = page.viewportSize()!;
  for (const width of [first.width, ...WIDTHS.filter((w) => w !== first.width)]) {
    await page.setViewportSize({ width, height: first.height });
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    if (name) await keepScreenshot(page, `${name}-${width}.png`);
  }
  await page.setViewportSize(first);
}

/**
 * Keeps a screenshot in `screenshots/` to look at, when SCREENSHOTS=1 asks for them: a full page at two
 * widths costs the browser more than the checks around it, and CI looks at none of them.
 */
export async function keepScreenshot(
  target: Pick<Page, 'screenshot'> | Pick<import('@playwright/test').Locator, 'screenshot'>,
  name: string,
  { fullPage = false } = {},
) {
  if (process.env.SCREENSHOTS !== '1') return;
  await target.screenshot({ path: `screenshots/${name}`, ...(fullPage && { fullPage }) });
}
