import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** SPEC's public name mask: first and last character with up to 4 asterisks between; names under 3 characters stay as they are. */
export function maskUsername(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length < 3) return chars.join('');
  const stars = '*'.repeat(Math.min(4, chars.length - 2));
  return `${chars[0]}${stars}${chars[chars.length - 1]}`;
}

/** What JavaScript's trim() takes off: ECMAScript's white space and line terminators (the test checks every character). */
export const TRIMMED_BY_JS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/**
 * maskUsername in SQL, so a million names are masked where they lie instead of
 * passing through JavaScript. PostgreSQL counts characters in code points as
 * Array.from does; mask.test.ts holds the two rules together over awkward names.
 */
export function maskUsernameSql(name: AnyPgColumn | SQL): SQL<string> {
  const trimmed = sql`btrim(${name}, ${TRIMMED_BY_JS})`;
  return sql<string>`case when char_length(${trimmed}) < 3 then ${trimmed}
    else left(${trimmed}, 1) || repeat('*', least(4, char_length(${trimmed}) - 2)) || right(${trimmed}, 1) end`;
}

/** A token in a link (`#token=…`, `?token=…`), up to where the link ends. */
const LINK_TOKEN = /([?#&]token=)[^\s&"'<>)\]]+/g;

/**
 * A sent email as anyone but its recipient may read it: the tokens in its links
 * (a password reset, a verification, an unsubscribe) hidden, so reading the
 * outbox is never a way into an account.
 */
export const maskLinkTokens = (text: string) => text.replace(LINK_TOKEN, '$1(hidden)');
