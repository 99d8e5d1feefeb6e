/** The one error type routes and services throw; plugins/error-handler.ts turns it into `{ error, code }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly details?: unknown,
    /** Extra top-level fields for the error body, such as the draw's drawDay and currentDay. */
    readonly fields?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'bad_request', details?: unknown) =>
  new AppError(400, message, code, details);
export const unauthorized = (message = 'Please sign in to continue') =>
  new AppError(401, message, 'unauthorized');
export const forbidden = (message = 'You are not allowed to do that') =>
  new AppError(403, message, 'forbidden');
/** Staff never play (DESIGN §12). */
export const staffCannotPlay = () =>
  new AppError(403, 'Staff cannot play: entering, earning and spinning are for members', 'staff_cannot_play');
const londonDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

/**
 * A self-excluded member (DESIGN §19) asking to play: entering, spinning and earning wait until `until`,
 * named in words and as data.
 */
export const selfExcluded = (until: Date) =>
  new AppError(
    403,
    `You have excluded yourself from playing until ${londonDate.format(until)}. Entering, spinning and earning open again then.`,
    'self_excluded',
    undefined,
    { until: until.toISOString() },
  );
/** Money never goes to staff (DESIGN §16): a correction, a withdrawal, a payout or a claim; what they held stays frozen. */
export const staffAccount = () =>
  conflict('Staff accounts are never credited or paid: this is a member of staff', 'staff_account');
/** Staff without a second factor in this session (DESIGN §12): the console takes them to give one. */
export const twoFactorRequired = (message: string) => new AppError(403, message, 'two_factor_required');
/** The dangerous calls need a second factor in the last RECENT_SIGN_IN_MINUTES (DESIGN §12). */
export const reauthRequired = () =>
  new AppError(
    403,
    'Please enter a code from your authenticator app to confirm it is you',
    'reauth_required',
  );
export const notFound = (message = 'Not found') => new AppError(404, message, 'not_found');
export const conflict = (message: string, code = 'conflict') => new AppError(409, message, code);

/** PostgreSQL's SQLSTATE for a database error, whether raw or wrapped by drizzle. */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The constraint a database error names, whether raw or wrapped by drizzle. */
export function constraintName(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/**
 * The database is away: refused or dropped connections, a server shutting
 * down or still recovering (classes 08 and 57P). Whether a change that was
 * committing when the connection dropped was written cannot be known, so it is
 * never retried on its own; the client is asked to look and try again.
 */
export function isDatabaseAway(err: unknown) {
  const state = sqlState(err);
  if (state?.startsWith('08') || state?.startsWith('57P')) return true;
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return true;
    if (typeof message === 'string' && /Connection terminated|not queryable/.test(message)) return true;
  }
  return false;
}

/** 55P03: a lock was waited on for longer than the connection's lock_timeout (db/client.ts). */
export const isLockTimeout = (err: unknown) => sqlState(err) === '55P03';

/** Class 22: a value PostgreSQL cannot store (a NUL byte in text, a number out of range). */
export const isDataException = (err: unknown) => sqlState(err)?.startsWith('22') ?? false;
