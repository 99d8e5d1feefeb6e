import { defineConfig, devices } from '@playwright/test';
import { beaconChain, E2E_BEACON_SEED } from './tests/support/beacon';
import { payPalStandInEnv } from './tests/support/paypal-stand-in';

// E2E_PORT lets a second run go side by side with the first.
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The flows run on two sites, each on a database of its own; the page checks share the first. */
const SITE_PORTS = [PORT, PORT + 10] as const;
/** A third site runs without SMTP_URL, as a site whose mail is not set up yet does. */
const MAIL_OFF_PORT = PORT + 20;
const siteURL = (port: number) => `http://127.0.0.1:${port}`;
export const e2eSites = [...SITE_PORTS, MAIL_OFF_PORT].map(siteURL);
export const e2eAdmin = { email: 'admin@e2e.test', password: 'e2e-admin-password' };
/** The four-eyes cash threshold of the e2e sites (APPROVAL_CASH_POUNDS). */
export const E2E_APPROVAL_POUNDS = 100;
/** Where a run's results go; emptied when a run starts. */
export const e2eOutputDir = `test-results/${PORT}`;
/** The key the e2e server's offer wall signs postbacks with. */
export const e2eOfferSecret = 'e2e-offer-secret';
/** The rewarded-ad network's secret (AD_REWARD_SECRET) of the site without mail, whose ads it pays. */
export const e2eAdRewardSecret = 'e2e-ad-network-secret';
/**
 * The key the e2e sites sign their public log with (LOG_SIGNING_KEY), which a test holds as an operator
 * rewriting history would, to sign a checkpoint over a tree that does not extend the one shown before.
 */
export const e2eLogSigningKey = '6c6f672d7369676e696e672d6b65792d666f722d7468652d6532652d73697465';
/** The stand-in Google and Apple token service (tests/support/id-provider.ts) and the ids the site is set up with. */
export const idProviderURL = `http://127.0.0.1:${PORT + 1}`;
export const socialClients = {
  google: 'e2e-client.apps.googleusercontent.com',
  apple: 'uk.co.prizedraw.e2e',
};
/** Draws mix in randomness from a local drand chain (tests/support/beacon.ts), as production does from quicknet. */
const beaconURL = `http://127.0.0.1:${PORT + 2}`;
/** The site's mail goes over SMTP to tests/support/smtp-sink.ts, which shows what arrived here. */
const SMTP_PORT = PORT + 3;
export const mailSinkURL = `http://127.0.0.1:${SMTP_PORT + 1}`;
const beacon = beaconChain(E2E_BEACON_SEED);
/** Where the e2e beacon serves a round: 404 until the round's time has come, then its signature. */
export const e2eBeaconRound = (round: number) => `${beaconURL}/${beacon.chainHash}/public/${round}`;

/**
 * The flows of each site, about the same length each (seconds in a full run on 2026-12-07: 296 on the
 * first site, 270 on the second, 283 for the page checks and then the site without mail). A flow changes
 * what its site holds, so a site's flows run one after another, as they are written.
 */
const FLOWS_ON_SECOND_SITE = [
  'account-details',
  'prizes',
  'two-factor',
  'dashboard',
  'admin-draws',
  'account-leaving',
  'email-links',
  'auth',
  'guards',
  'offer-walls',
  'navigation',
  'account-mobile',
  'claims',
  'admin-panel',
].map((name) => `${name}.spec.ts`);

/** Flows that send no mail, on the site without it: they keep the page checks' worker busy once those end. */
const FLOWS_ON_MAIL_OFF_SITE = [
  'mail-off',
  'passkeys',
  'social',
  'service-worker',
  'payouts',
  'public-log',
  'ad-network',
  'standing',
  'wellbeing',
  'pending-credits',
].map((name) => `${name}.spec.ts`);

const chrome = { ...devices['Desktop Chrome'], channel: undefined };

/**
 * How a browser is started. The tests use Debian's headless shell: the browser without its own window's
 * pages and GPU process, which cost as much as the pages under test on a two-core machine. Push
 * notifications need the whole browser (fullChromium), and Lighthouse uses it too.
 */
function browserLaunch(executablePath: string) {
  return {
    executablePath,
    // Without these Chromium keeps trying to reach Google's services, which this network refuses.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
export const fullChromium = browserLaunch(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
/** For the specs about the service worker and its pushes, which exist only in the whole browser. */
export const withServiceWorker = { launchOptions: fullChromium, serviceWorkers: 'allow' as const };

/**
 * The compiled server (npm run build) on a fresh embedded database, with sample data, a known admin, and
 * members who joined a month ago with settled cash (tests/support/e2e-history.ts, written once and copied
 * to each site's folder by tests/support/e2e-sites.ts, which starts the sites together).
 */
/** The PayPal every site pays through: a stand-in from PayPal's published description. */
const payPalStandIn = { port: PORT + 6, env: payPalStandInEnv(`http://127.0.0.1:${PORT + 6}`) };

const site = (port: number, { mail = true, adNetwork = false } = {}) => ({
  port,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: `.e2e-db-${port}`,
    ADMIN_EMAIL: e2eAdmin.email,
    ADMIN_PASSWORD: e2eAdmin.password,
    LOG_LEVEL: 'warn',
    // One admin pays and corrects across every flow of a site in one day: a limit the day's small
    // payments never add up to, which a single large correction still reaches (staff-controls.spec.ts).
    APPROVAL_CASH_POUNDS: String(E2E_APPROVAL_POUNDS),
    SCHEDULER: 'false',
    TRUST_PROXY: 'true',
    GOOGLE_CLIENT_ID: socialClients.google,
    GOOGLE_JWKS_URL: `${idProviderURL}/jwks`,
    APPLE_CLIENT_ID: socialClients.apple,
    APPLE_JWKS_URL: `${idProviderURL}/jwks`,
    DRAW_BEACON: 'drand',
    DRAND_URL: beaconURL,
    DRAND_CHAIN_HASH: beacon.chainHash,
    DRAND_PUBLIC_KEY: beacon.publicKey,
    // Payouts to PayPal addresses go through the PayPal stand-in (DESIGN §17).
    ...payPalStandIn.env,
    // Postbacks are accepted; with no frame address, the wall's tab says it is not available.
    OFFERWALL_SECRET: e2eOfferSecret,
    // A receipt is covered by a signed checkpoint within a second, so a member's check needs no wait.
    LOG_SIGNING_KEY: e2eLogSigningKey,
    LOG_CHECKPOINT_SECONDS: '1',
    // Prizes that close within minutes of going live are how the draws are tested.
    PRIZE_MIN_OPEN_HOURS: '0',
    // The site left unconfigured also names no promoter, which its Contest Rules say.
    ...(mail && { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, ...e2ePromoter }),
    // Its ads are paid only by the network's signed callback (DESIGN §19), as a test plays the network.
    ...(adNetwork && { AD_REWARD_SECRET: e2eAdRewardSecret }),
  },
});
/** Answers once every site is ready. */
const SITES_READY_PORT = PORT + 5;

export const e2ePromoter = {
  PROMOTER_NAME: 'PrizeDraw Promotions Ltd',
  PROMOTER_ADDRESS: '1 Example Street, Leeds, LS1 1AA',
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: e2eOutputDir,
  // Three at once, mostly waiting on pages: the page checks (each page read at two widths, checked by
  // axe) beside each site's flows.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  // A flow reads several screens, each checked by axe, which takes a while on a busy machine; three
  // browsers and two sites share two cores, so a step that takes a second alone can take several here.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    // A failed test keeps its trace: each step's page as it was, without the film of screenshots, which
    // took a tenth of the suite's processor time to record for every test; a failure's last screen is kept.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // A page the service worker controls sends its requests past page.route (Playwright sees them only
    // through the worker), and the site registers it five seconds after a load: so a test that waits on a
    // page that long and then routes a request would find its route unused. The specs about the worker
    // and its pushes allow it again (withServiceWorker).
    serviceWorkers: 'block',
    launchOptions: browserLaunch(process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'),
  },
  projects: [
    // The sites' admins set up their second factor before any test signs them in.
    { name: 'admin-setup', testMatch: 'admin.setup.ts' },
    {
      name: 'pages',
      dependencies: ['admin-setup'],
      testMatch: 'pages.spec.ts',
      fullyParallel: true,
      workers: 1,
      use: { ...chrome, baseURL: siteURL(SITE_PORTS[0]) },
    },
    {
      name: 'flows',
      dependencies: ['admin-setup'],
      testIgnore: ['pages.spec.ts', ...FLOWS_ON_SECOND_SITE, ...FLOWS_ON_MAIL_OFF_SITE],
      fullyParallel: false,
      workers: 1,
      use: { ...chrome, baseURL: siteURL(SITE_PORTS[0]) },
    },
    {
      name: 'flows-2',
      dependencies: ['admin-setup'],
      testMatch: FLOWS_ON_SECOND_SITE,
      fullyParallel: false,
      workers: 1,
      use: { ...chrome, baseURL: siteURL(SITE_PORTS[1]) },
    },
    {
      name: 'mail-off',
      dependencies: ['admin-setup'],
      testMatch: FLOWS_ON_MAIL_OFF_SITE,
      fullyParallel: false,
      workers: 1,
      use: { ...chrome, baseURL: siteURL(MAIL_OFF_PORT) },
    },
  ],
  webServer: [
    {
      command: `node --import tsx tests/support/beacon.ts ${PORT + 2}`,
      url: `${beaconURL}/${beacon.chainHash}/info`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx tests/support/smtp-sink.ts ${SMTP_PORT}`,
      url: `${mailSinkURL}/mails`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx tests/support/paypal-stand-in.ts ${payPalStandIn.port}`,
      url: `${payPalStandIn.env.PAYPAL_API_URL}/v1/oauth2/token`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx tests/support/id-provider.ts ${PORT + 1}`,
      url: `${idProviderURL}/jwks`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx tests/support/e2e-sites.ts ${SITES_READY_PORT}`,
      url: `http://127.0.0.1:${SITES_READY_PORT}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        E2E_SITES: JSON.stringify([
          ...SITE_PORTS.map((port) => site(port)),
          site(MAIL_OFF_PORT, { mail: false, adNetwork: true }),
        ]),
      },
    },
  ],
});
