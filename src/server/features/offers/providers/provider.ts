import { timingSafeEqual } from 'node:crypto';
import { AppError, badRequest } from '../../../lib/app-error';

/** A postback as it reached us. */
export interface PostbackRequest {
  /** The query string's parameters and a form body's fields, as the provider wrote them. */
  params: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** The address the provider called, as it called it: the site's address, then the path and query unchanged. */
  url: string;
}

/** What a postback says, in the same terms whichever provider sent it. */
export interface Conversion {
  userId: string;
  /** The provider's id of the conversion; for a reversal, of the credit it takes back. */
  transactionId: string;
  kind: 'credit' | 'reversal';
  /** Entries to credit, when the provider states them (the generic wall); otherwise the wall's rate decides. */
  entries?: number;
  /** What the site earned, as the provider reports it (some send a reversal's as negative). */
  payout?: { amount: number; currency: 'GBP' | 'USD' };
}

/**
 * One offer-wall provider: how to read and check its postbacks, following its
 * public documentation, and what it expects to hear back. Adding a provider is
 * one file like this and its test, and its name in the contract's list.
 */
export interface OfferWallProvider {
  /** The documentation each rule below follows. */
  docs: string[];
  /** The postback address to give the provider, with its own placeholders, for the wall's `base` address. */
  postbackTemplate(base: string): string;
  /** Reads a postback, checking its signature with the wall's secret; throws a refusal (4xx) for anything wrong. */
  read(request: PostbackRequest, secret: string): Conversion;
  /** The answer the provider takes as "received", to a new postback and to a replay alike. */
  received: { status: number; body: string };
}

export const badSignature = () => new AppError(403, 'Invalid signature', 'bad_signature');

/** Compares a signature given as text with the one expected, in constant time. */
export function sameSignature(given: string | undefined, expected: string) {
  if (!given) return false;
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(expected.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A required parameter, or a 400 naming it. */
export function required(params: Record<string, string>, name: string) {
  const value = params[name];
  if (value === undefined || value === '') throw badRequest(`${name} is required`, 'bad_postback');
  return value;
}

/** The largest payout one postback may report: anything more is a mistake or an attack. */
const MAX_PAYOUT = 1000;

/**
 * A payout as a provider writes it ("0.36", "1.500000", "-2.5" for some reversals);
 * a 400 for anything that is not a plain decimal, or is larger than any one offer pays.
 */
export function payoutOf(value: string | undefined, currency: 'GBP' | 'USD', name: string) {
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d{1,7}(\.\d{1,8})?$/.test(value))
    throw badRequest(`${name} must be a decimal amount`, 'bad_postback');
  const amount = Number(value);
  if (Math.abs(amount) > MAX_PAYOUT)
    throw badRequest(`${name} is larger than any offer pays`, 'bad_postback');
  return { amount, currency };
}

/** A transaction id we can store and key on. */
export function transactionIdOf(value: string, name: string) {
  if (value.length > 128 || !/^[\w.:-]+$/.test(value))
    throw badRequest(`${name} has characters that are not allowed`, 'bad_postback');
  return value;
}
