import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { siteKeys as siteKeysTable } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The keys this site makes once and keeps: read from the database on first use, then held. */
export interface SiteKeys {
  vapid(): Promise<VapidKeys>;
  unsubscribe(): Promise<Buffer>;
}

/**
 * A key by name, made on first use. Instances starting together each try to
 * store theirs; the first stored wins and every instance reads that one.
 */
async function kept(db: Db, name: string, make: () => Record<string, string>) {
  await db.insert(siteKeysTable).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(siteKeysTable).where(eq(siteKeysTable.name, name));
  return row!.value;
}

/** The answer of `load`, asked for once and then held; a failure is asked again next time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let held: Promise<T> | undefined;
  return () => {
    held ??= load().catch((err) => {
      held = undefined;
      throw err;
    });
    return held;
  };
}

export function siteKeys(db: Db, config: Pick<Config, 'vapid'>): SiteKeys {
  return {
    vapid: once(async () => {
      if (config.vapid.keys) return config.vapid.keys;
      const { publicKey, privateKey } = await kept(db, 'vapid', () => ({ ...webpush.generateVAPIDKeys() }));
      return { publicKey: publicKey!, privateKey: privateKey! };
    }),
    unsubscribe: once(async () => {
      const { key } = await kept(db, 'unsubscribe', () => ({ key: randomBytes(32).toString('base64url') }));
      return Buffer.from(key!, 'base64url');
    }),
  };
}
