import type { AuditAction } from '../../../contract/audit';
import type { Db, Tx } from '../../db/client';
import { conflict, staffAccount } from '../../lib/app-error';
import { type AuditActor, type AuditEvent, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { lockUserRow } from '../accounts/repository';
import * as repo from './repository';
import { memberNotFound, presentMember } from './service';

// What every staff action on a member shares: who acts, the member locked and checked, the audit row.

/** An admin acting on a member: who, from where, and the clock. */
export interface Acting {
  db: Db;
  clock: Clock;
  actor: AuditActor & { id: string };
}

/**
 * Locks the member's row and checks they can be acted on: they exist, are not
 * the admin themselves, and (for `notAdmin` actions) are not an admin at all;
 * `money` never goes to staff (DESIGN §16).
 */
export async function lockMember(
  tx: Tx,
  { actor }: Pick<Acting, 'actor'>,
  id: string,
  opts: { notAdmin?: string; money?: true } = {},
) {
  const member = await lockUserRow(tx, id);
  if (!member) throw memberNotFound();
  if (member.id === actor.id) throw conflict('You cannot do this to your own account', 'own_account');
  if (opts.notAdmin && member.staffRole) throw conflict(opts.notAdmin, 'member_is_admin');
  if (opts.money && member.staffRole) throw staffAccount();
  if (member.deletedAt) throw conflict('This account was deleted', 'member_deleted');
  return member;
}

/** The member as their page shows them, read again after a change. */
export async function presentedAfter(tx: Tx, id: string, now: Date) {
  return presentMember(tx, (await repo.findMember(tx, id))!, now);
}

/** Records what was done to the member in the audit chain, as the acting member of staff. */
export async function record(
  tx: Tx,
  acting: Acting,
  action: AuditAction,
  id: string,
  event: Pick<AuditEvent, 'summary' | 'before' | 'after'>,
) {
  await recordAudit(
    tx,
    acting.actor,
    { action, targetType: 'user', targetId: id, ...event },
    acting.clock.now(),
  );
}
