import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/client';
import { mailOutbox } from '../../src/server/db/schema';

/** The newest email queued for `to`. */
export async function lastMailTo(db: Executor, to: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

/** The token in the newest emailed link to `page` (e.g. '/verify-email') sent to `to`. */
export async function linkTokenFor(db: Executor, to: string, page: string) {
  const mail = await lastMailTo(db, to);
  const match = mail?.text.match(new RegExp(`${page}#token=([A-Za-z0-9_-]{43})`));
  if (!match) throw new Error(`no ${page} link mailed to ${to}`);
  return match[1]!;
}
