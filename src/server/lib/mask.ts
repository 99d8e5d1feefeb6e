import { isIP, isIPv4, isIPv6 } from 'node:net';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { roleCan, type StaffRole } from '../../contract/staff';
import { ipv6Groups } from './client';

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

/** What stands for the part of an address or device id that support does not see. */
const HIDDEN = '*';

/**
 * An address as support sees it (DESIGN §16): an IPv4 address without its last number, an IPv6
 * address (or /64 network) with its first three groups only, so neither names a household; anything
 * else is hidden whole.
 */
export function maskAddress(address: string): string {
  const ip = address.replace(/\/\d{1,3}$/, '').split('%')[0]!;
  const v4 = isIPv4(ip) ? ip : isIPv6(ip) ? ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1] : undefined;
  if (v4) return `${v4.slice(0, v4.lastIndexOf('.'))}.${HIDDEN}`;
  if (!isIPv6(ip)) return HIDDEN;
  const groups = ipv6Groups(ip)
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''));
  return `${groups.join(':')}:${HIDDEN}`;
}

/** How much of the browser's device id support sees: enough to tell two apart, too little to pass for one. */
const DEVICE_ID_SHOWN = 8;
export const maskDeviceId = (id: string) =>
  `${id.length > DEVICE_ID_SHOWN ? id.slice(0, DEVICE_ID_SHOWN) : ''}${HIDDEN.repeat(4)}`;

/** Candidates in a text: an IPv6 address or network (two colons at least), an IPv4 address, a device id. */
const IN_TEXT =
  /(?<![\w:.])(?:[0-9a-f]{0,4}:){2,7}(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f]{1,4})?(?:\/\d{1,3})?(?![\w:]|\.\d)|\b\d{1,3}(?:\.\d{1,3}){3}\b|\b[0-9a-f]{32}\b/gi;

/** A sentence (a fraud signal's detail, what a held referral shares) with every address and device id in it masked. */
export const maskAddressesIn = (text: string) =>
  text.replace(IN_TEXT, (found) =>
    /^[0-9a-f]{32}$/i.test(found)
      ? maskDeviceId(found)
      : isIP(found.replace(/\/\d{1,3}$/, ''))
        ? maskAddress(found)
        : found,
  );

/**
 * An answer about members as a member of staff may read it: whole for a role holding `members_full`
 * (contract/staff.ts), passed through `mask` for any other, so what is hidden never leaves the server.
 */
export const asSeenBy = <T>(role: StaffRole | null | undefined, answer: T, mask: (answer: T) => T) =>
  roleCan(role, 'members_full') ? answer : mask(answer);
