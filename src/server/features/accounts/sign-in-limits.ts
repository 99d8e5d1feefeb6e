import { DAY_MS, MINUTE_MS } from '../../../contract/constants';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Client, networkOf } from '../../lib/client';
import type { RateLimit } from '../../rate-limits';
import { ANY_ADDRESS, countLoginAttempts, forgiveLoginAttempts } from './attempts-repository';
import { signedInFrom } from './repository';

export const tooMany = (limit: RateLimit) =>
  new AppError(
    429,
    `Too many failed attempts. Please try again in ${Math.ceil(limit.timeWindow / MINUTE_MS)} minutes.`,
    'rate_limited',
  );

/** How recently an address or device must have signed in to an account to pass its account-wide ceiling. */
export const KNOWN_CLIENT_DAYS = 30;

/**
 * An attempt at one of an account's secrets, a password or a second-factor code: whose, where from,
 * and the signed-in session it was given in, if any (the hash of its token).
 */
export interface Attempt {
  email: string;
  client: Client;
  session?: string;
  /**
   * Whether it counts towards the account's ceiling on guessing from everywhere: a password, and a
   * code that completes a sign-in. A code given in a signed-in session does not, so strangers filling
   * the ceiling never hold up an owner who is signed in (DESIGN §16).
   */
  ceiling: boolean;
}

type Limiting = Pick<AppContext, 'db' | 'clock' | 'limits'>;

/** The counters an attempt is kept on besides the ceiling: its address (an IPv6 /64 is one) and its session. */
const ownCounters = (attempt: Attempt) => [
  networkOf(attempt.client.ip),
  ...(attempt.session ? [`session:${attempt.session}`] : []),
];

/**
 * Counts an attempt before it is checked, on all its counters in one statement, so parallel guesses
 * cannot slip past a limit: 429 past the limit of its address or its session (one address guessing
 * cannot lock the owner out from another). Answers whether the account is past its ceiling, where
 * only a place the owner has used goes on (assertKnownPlace).
 */
export async function countAttempt({ db, clock, limits }: Limiting, attempt: Attempt) {
  const now = clock.now();
  const since = (limit: RateLimit) => new Date(now.getTime() - limit.timeWindow);
  const own = ownCounters(attempt);
  const counts = await countLoginAttempts(
    db,
    attempt.email,
    [
      ...own.map((address) => ({ address, windowStart: since(limits.loginFailures) })),
      ...(attempt.ceiling ? [{ address: ANY_ADDRESS, windowStart: since(limits.loginFailuresAccount) }] : []),
    ],
    now,
  );
  if (own.some((address) => (counts.get(address) ?? 0) > limits.loginFailures.max))
    throw tooMany(limits.loginFailures);
  return { pastCeiling: (counts.get(ANY_ADDRESS) ?? 0) > limits.loginFailuresAccount.max };
}

/** Where a client signs in from, as the known-place rule compares it. */
export const placeOf = (client: Client) => ({ network: networkOf(client.ip), deviceId: client.deviceId });

/** Since when a place's sign-in to an account makes it known to that account. */
export const knownSince = ({ clock }: Pick<AppContext, 'clock'>) =>
  new Date(clock.now().getTime() - KNOWN_CLIENT_DAYS * DAY_MS);

/**
 * Past the account's ceiling, only an address (or /64) or device that signed in to it in the last
 * KNOWN_CLIENT_DAYS goes on, so guesses from many addresses cannot lock the owner out; anyone else
 * gets the same 429 before anything is checked.
 */
export async function assertKnownPlace(ctx: Limiting, userId: string, client: Client) {
  if (!(await signedInFrom(ctx.db, userId, placeOf(client), knownSince(ctx))))
    throw tooMany(ctx.limits.loginFailuresAccount);
}

/**
 * A right password or code: its address and session start again, and the ceiling's count gives back
 * `returned` attempts (its own, and for a code completing a sign-in, the password's before it).
 */
export const forgiveAttempt = (db: Executor, attempt: Attempt, returned = attempt.ceiling ? 1 : 0) =>
  forgiveLoginAttempts(db, attempt.email, ownCounters(attempt), returned);
