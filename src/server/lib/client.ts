import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Where a sign-up or sign-in came from: kept with the session, and compared by the fraud signals. */
export interface Client {
  ip: string;
  userAgent?: string;
  /** The web app's random id for the browser (X-Device-Id), when it sent a well-formed one. */
  deviceId?: string | null;
}

const DEVICE_ID = /^[0-9a-f]{32}$/;

export function clientOf(request: FastifyRequest): Client {
  const device = request.headers['x-device-id'];
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    deviceId: typeof device === 'string' && DEVICE_ID.test(device) ? device : null,
  };
}

/** The eight groups of an IPv6 address, each written out in four hex digits. */
export function ipv6Groups(ip: string): string[] {
  // An IPv4 tail (64:ff9b::1.2.3.4) is the last two groups.
  const v4 = ip.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  const hex = v4
    ? `${ip.slice(0, v4.index)}${((+v4[1]! << 8) | +v4[2]!).toString(16)}:${((+v4[3]! << 8) | +v4[4]!).toString(16)}`
    : ip;
  const [head = '', tail] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => g.padStart(4, '0').toLowerCase());
}

/**
 * What "the same address" means for two accounts: an IPv4 address, or the
 * IPv6 /64 a home connection or a phone is given (its own addresses within it
 * change by the hour). An IPv4 address written as IPv6 (::ffff:a.b.c.d) is IPv4.
 */
export function networkOf(ip: string): string {
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip.split('%')[0]!);
  if (groups.slice(0, 5).every((g) => g === '0000') && groups[5] === 'ffff') {
    const [hi, lo] = [Number.parseInt(groups[6]!, 16), Number.parseInt(groups[7]!, 16)];
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}
