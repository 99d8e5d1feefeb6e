import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { keptKey, once } from '../../lib/kept-keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The keys this site makes once and keeps: read from the database on first use, then held. */
export interface SiteKeys {
  vapid(): Promise<VapidKeys>;
  unsubscribe(): Promise<Buffer>;
}

export function siteKeys(db: Db, config: Pick<Config, 'vapid'>): SiteKeys {
  return {
    vapid: once(async () => {
      if (config.vapid.keys) return config.vapid.keys;
      const { publicKey, privateKey } = await keptKey(db, 'vapid', () => ({
        ...webpush.generateVAPIDKeys(),
      }));
      return { publicKey: publicKey!, privateKey: privateKey! };
    }),
    unsubscribe: once(async () => {
      const { key } = await keptKey(db, 'unsubscribe', () => ({
        key: randomBytes(32).toString('base64url'),
      }));
      return Buffer.from(key!, 'base64url');
    }),
  };
}
