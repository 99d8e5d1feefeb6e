/**
 * What each e2e site holds before its server first starts (tests/support/e2e-history.ts): a past a test
 * cannot wait for.
 */

/**
 * Members who joined a month ago, verified, with cash that settled days ago: the payout flows start from
 * the first three, and the correction from the fourth.
 */
export const e2eSavers = {
  password: 'e2e saver password',
  cashPence: 30_00,
  members: Array.from({ length: 5 }, (_, i) => ({
    username: `Saver ${i + 1}`,
    email: `saver-${i + 1}@e2e.test`,
  })),
};

/** A posted prize the last saver won and claimed yesterday: staff dispatch and deliver it (payouts.spec.ts). */
export const e2eParcel = { title: 'Parcel prize: a mountain bike', valuePence: 450_00 };

/**
 * A member of finance staff whose session proved its second factor an hour ago: signed in, but not
 * recently enough for a correction (DESIGN §12), so the console asks for a code.
 */
export const e2eTiredFinance = {
  username: 'Fran Finance',
  email: 'fran-finance@e2e.test',
  /** Their authenticator's key (base32), to compute codes from. */
  secret: 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK',
  /** The session's bearer token. */
  token: 'e2eTiredFinanceSessionToken0123456789abcdef',
};
export const TIRED_FACTOR_MINUTES = 60;

/**
 * A member of support staff, with the savers' password and an authenticator, and a session that gave its
 * second factor as the site started: reading members, and signing in to land on the console.
 */
export const e2eSupport = {
  username: 'Sue Support',
  email: 'sue-support@e2e.test',
  secret: 'ONSWG4TFORZXK4DQN5ZHI2LOM5XWK5DF',
  token: 'e2eSupportSessionToken0123456789abcdef',
};

/** A second owner whose session, like finance's, gave its second factor an hour ago: roles ask them for a code. */
export const e2eTiredOwner = {
  username: 'Otto Owner',
  email: 'otto-owner@e2e.test',
  secret: 'ONSWG4TFOQ2DGNJWG4YDCMRTGQ2TMNZY',
  token: 'e2eTiredOwnerSessionToken0123456789abcdef',
};

/** A friend who signed up from their referrer's own address, whose referral waits for staff. */
export const e2eHeldReferral = {
  referrer: { username: 'Host', email: 'host@e2e.test' },
  friend: { username: 'Flatmate', email: 'flatmate@e2e.test' },
  shared: 'the address 203.0.113.99',
};

/**
 * A member who played on each of the last PLAY_DAYS_IN_A_ROW days, up to yesterday, with the savers'
 * password: playing today makes one day more than the limit, which raises a wellbeing signal.
 */
export const e2eDailyPlayer = { username: 'Daily Player', email: 'daily-player@e2e.test' };
