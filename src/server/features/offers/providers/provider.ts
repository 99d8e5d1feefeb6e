import { timingSafeEqual } from 'node:crypto';
import { MAX_POSTBACK_ENTRIES } from '../../../../contract/offers';
import { AppError, badRequest } from '../../../lib/app-error';

/** A postback as it reached us. */
export interface PostbackRequest {
  /** The parameters, from the query string or the body as the provider may send them (sentParams). */
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
  /** `pending`: the provider says the offer is done but not yet paid for, so nothing is credited yet. */
  kind: 'credit' | 'reversal' | 'pending';
  /**
   * Whether the signature covers the kind. When it does not, a reversal must find the credit it takes
   * back, for the same member and entries; a captured credit cannot be turned into anything else.
   */
  kindSigned: boolean;
  /** Entries to credit, when the provider states them in what it signs; otherwise the wall's rate decides. */
  entries?: number;
  /**
   * The signature, for schemes that join their signed fields with no separator (md5-subid.ts): the same
   * signature with the fields split differently must not credit again.
   */
  signature?: string;
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
  /** Where its parameters come: the query string only, or the query string or a body (never both). */
  sends: 'query' | 'query-or-body';
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

const badPostback = (message: string) => badRequest(message, 'bad_postback');

/** A query string's parameters, each key once: a key given twice could be read one way and signed another. */
export function uniqueParams(query: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    if (Object.hasOwn(params, key)) throw badPostback(`${key} is given more than once`);
    params[key] = value;
  }
  return params;
}

/**
 * The parameters a provider sent, from the one place it may send them: `query`,
 * the query string exactly as sent (without its `?`), or `body`, a form or JSON
 * body's fields (a field given twice is refused before this).
 */
export function sentParams(
  sent: { query: string; body: Record<string, string> },
  sends: OfferWallProvider['sends'],
): Record<string, string> {
  const query = uniqueParams(sent.query);
  if (Object.keys(sent.body).length === 0) return query;
  if (sends === 'query') throw badPostback('This provider sends its postbacks in the address, not in a body');
  if (Object.keys(query).length > 0)
    throw badPostback('Send the parameters in the address or in the body, not both');
  return sent.body;
}

/** A required parameter, or a 400 naming it. */
export function required(params: Record<string, string>, name: string) {
  const value = params[name];
  if (value === undefined || value === '') throw badPostback(`${name} is required`);
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
  if (!/^-?\d{1,7}(\.\d{1,8})?$/.test(value)) throw badPostback(`${name} must be a decimal amount`);
  const amount = Number(value);
  if (Math.abs(amount) > MAX_PAYOUT) throw badPostback(`${name} is larger than any offer pays`);
  return { amount, currency };
}

/** Entries stated by a provider in what it signs ("25", "25.0"): whole entries, never more than any offer gives. */
export function entriesOf(value: string, name: string) {
  if (!/^\d{1,7}(\.\d{1,8})?$/.test(value)) throw badPostback(`${name} must be a decimal amount`);
  const entries = Math.floor(Number(value));
  if (entries > MAX_POSTBACK_ENTRIES) throw badPostback(`${name} is larger than any offer gives`);
  return entries;
}

/** A transaction id we can store and key on. */
export function transactionIdOf(value: string, name: string) {
  if (value.length > 128 || !/^[\w.:-]+$/.test(value))
    throw badPostback(`${name} has characters that are not allowed`);
  return value;
}
