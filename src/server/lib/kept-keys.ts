import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { siteKeys } from '../db/schema';

/**
 * A key the site makes once and keeps, by name, made on first use. Instances
 * starting together each try to store theirs; the first stored wins and every
 * instance reads that one.
 */
export async function keptKey(db: Db, name: string, make: () => Record<string, string>) {
  await db.insert(siteKeys).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(siteKeys).where(eq(siteKeys.name, name));
  return row!.value;
}

/** The answer of `load`, asked for once and then held; a failure is asked again next time. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let held: Promise<T> | undefined;
  return () => {
    held ??= load().catch((err) => {
      held = undefined;
      throw err;
    });
    return held;
  };
}
