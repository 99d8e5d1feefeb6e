import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * What the registry of a member's data (personal-data-registry.ts) says about
 * each table, and how long the rows kept for a while are kept.
 */
export interface PersonalData {
  table: PgTable;
  /** What of a member's it holds, in words. */
  holds: string;
  /**
   * Where one member's rows are: the column with their id, or their address (`verified email`: only
   * once verified is an address surely theirs: anyone can write to us under any address).
   */
  by: { column: PgColumn; key: 'id' | 'email' | 'verified email' };
  /** Its name in the data download, or why it is not there. */
  exported: string | { no: string };
  /** What erasing the member does: delete their rows, blank these columns, or keep them, and why. */
  erased: 'deleted' | { blanked: Record<string, unknown> } | { kept: string };
  /** How long a row is kept: until `expired` holds (the daily clean-up deletes it), or for good, and why. */
  kept: { expired: (now: Date) => SQL; batchKey: PgColumn } | { forGood: string };
}

/** The moment `ms` before `now`: where a row kept for a while expires. */
export const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** How long a member's sign-ins (address, device) are kept: enough for the fraud signals and the owner's places. */
export const SIGN_INS_KEPT_DAYS = 90;
/**
 * How long an invitation to the staff is kept once past its time, accepted or not: the Staff tab shows
 * one expired for a while, then the address of someone who never joined goes.
 */
export const INVITATIONS_KEPT_DAYS = 30;
/** How long sent and failed mail stays readable in the admin outbox. */
export const MAIL_KEPT_DAYS = 90;
/** How long a notification stays on a member's list once read. */
export const READ_NOTIFICATIONS_KEPT_DAYS = 180;
