import { DAY_MS } from '../../../contract/constants';
import { roleCan, type StaffRole } from '../../../contract/staff';
import {
  type AcceptInvitationBody,
  STAFF_INVITATION_DAYS,
  type StaffInvitation,
} from '../../../contract/staff-invitations';
import { PAGES } from '../../../shared/pages';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import type { Client } from '../../lib/client';
import { hashPassword } from '../../lib/passwords';
import { hashToken, newReferralCode, newToken } from '../../lib/tokens';
import { isEmailTaken } from '../accounts/email-taken';
import { findUserByEmail, insertUser } from '../accounts/repository';
import { startSession } from '../auth/service';
import { queueMail } from '../mail/outbox';
import { staffInvitationMail } from '../mail/templates';
import * as repo from './invitation-repository';
import { lockRoles } from './owners';
import { accountOf } from './repository';

/**
 * Invitations to join the staff (DESIGN §16). An owner adding an address no account has sends it a
 * link, whose token rides after `#` as the other emailed links' do (auth/email-links.ts) and is kept
 * hashed; accepting it within STAFF_INVITATION_DAYS makes the account, with the role and the address
 * verified (the link proved it), and signs it in. Each step is in the audit chain.
 */

const present = (
  row: repo.InvitationRow,
  invitedBy: { id: string; username: string },
  now: Date,
): StaffInvitation => ({
  _id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: { _id: invitedBy.id, username: invitedBy.username },
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  expired: row.expiresAt <= now,
});

/** Sends the invitation, in the caller's transaction (an owner's, under the roles' lock). */
export async function invite(
  tx: Executor,
  ctx: Pick<AppContext, 'clock' | 'config'>,
  owner: AuditActor & { id: string; username: string },
  email: string,
  role: StaffRole,
) {
  const now = ctx.clock.now();
  if (await repo.liveInvitationTo(tx, email, now))
    throw conflict('That address has an invitation already: withdraw it to send another', 'already_invited');
  const token = newToken();
  const row = await repo.insertInvitation(tx, {
    email,
    role,
    tokenHash: hashToken(token),
    invitedBy: owner.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STAFF_INVITATION_DAYS * DAY_MS),
  });
  const link = `${ctx.config.siteUrl}${PAGES.staffInvitation.path}#token=${token}`;
  await queueMail(tx, staffInvitationMail({ to: email, role, invitedBy: owner.username, link }));
  await recordAudit(
    tx,
    owner,
    {
      action: 'staff.invite',
      targetType: 'invitation',
      targetId: row.id,
      // No address in the summary (decision 011): the invitation's id leads to it.
      summary: `Invited someone to join the staff as ${role}`,
      after: { role },
    },
    now,
  );
  return present(row, owner, now);
}

export async function listInvitations({ db, clock }: Pick<AppContext, 'db' | 'clock'>) {
  const now = clock.now();
  const rows = await repo.openInvitations(db);
  return { invitations: rows.map((r) => present(r.invitation, r.invitedBy, now)) };
}

/** Withdraws an invitation not yet accepted: its link stops working at once. */
export async function withdrawInvitation(
  { db, clock }: Pick<AppContext, 'db' | 'clock'>,
  actor: AuditActor & { id: string },
  id: string,
) {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const row = await repo.withdrawInvitation(tx, id, now);
    if (!row) {
      const invitation = await repo.invitationById(tx, id);
      if (invitation?.acceptedAt)
        throw conflict('That invitation has been accepted: change the role instead', 'already_accepted');
      throw notFound('Invitation not found');
    }
    const inviter = { id: row.invitedBy, username: (await accountOf(tx, row.invitedBy))!.username };
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.invite_withdraw',
        targetType: 'invitation',
        targetId: row.id,
        summary: `Withdrew the invitation to join as ${row.role}`,
      },
      now,
    );
    return { invitation: present(row, inviter, now) };
  });
}

const isOpen = (row: repo.InvitationRow | undefined, now: Date): row is repo.InvitationRow =>
  row !== undefined && !row.acceptedAt && !row.withdrawnAt && row.expiresAt > now;

/** Why an invitation cannot be used, in the words its page shows. */
function whyNot(row: repo.InvitationRow | undefined) {
  if (!row) return badRequest('This invitation link is not valid', 'invalid_link');
  if (row.acceptedAt)
    return badRequest('This invitation has been accepted already: sign in instead', 'link_used');
  if (row.withdrawnAt)
    return badRequest(
      'This invitation was withdrawn. Ask the owner who sent it for a new one.',
      'invitation_withdrawn',
    );
  return badRequest('This invitation has expired. Ask the owner who sent it for a new one.', 'link_expired');
}

const inviterNoLongerOwner = () =>
  badRequest(
    'Whoever sent this invitation can no longer name staff. Ask an owner for a new one.',
    'invitation_withdrawn',
  );

/** The address registered meanwhile: the owner makes that account staff instead. */
const emailRegistered = () =>
  conflict(
    'An account with this email address was made after you were invited: ask the owner to make that account staff instead',
    'email_taken',
  );

/** What the invitation's page shows before the invitee accepts: the address and the role. */
export async function openInvitation({ db, clock }: Pick<AppContext, 'db' | 'clock'>, token: string) {
  const row = await repo.invitationByToken(db, hashToken(token));
  if (!isOpen(row, clock.now())) throw whyNot(row);
  if (await findUserByEmail(db, row.email)) throw emailRegistered();
  return { invitation: { email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() } };
}

/**
 * Spends the invitation and makes the account, verified and with the role, and its first session, all
 * or nothing: a refusal (spent, withdrawn, expired, the address registered meanwhile) leaves it as it was.
 */
export async function acceptInvitation(ctx: AppContext, body: AcceptInvitationBody, client: Client) {
  const tokenHash = hashToken(body.token);
  // A made-up or spent link is refused before the password is hashed: the page is open to anyone.
  const asked = await repo.invitationByToken(ctx.db, tokenHash);
  if (!isOpen(asked, ctx.clock.now())) throw whyNot(asked);
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      // Whoever sent it must still be an owner: one whose role was taken away leaves no way back in.
      await lockRoles(tx);
      const row = await repo.acceptInvitation(tx, tokenHash, now);
      if (!row) throw whyNot(await repo.invitationByToken(tx, tokenHash));
      if (!roleCan((await accountOf(tx, row.invitedBy))?.role, 'staff')) throw inviterNoLongerOwner();
      const user = await insertUser(tx, {
        username: body.username,
        email: row.email,
        passwordHash,
        staffRole: row.role,
        emailVerifiedAt: now,
        referralCode: newReferralCode(),
        createdAt: now,
      });
      const session = await startSession(tx, ctx, user.id, client, 'signup');
      // Last, as the audit chain's lock is taken last (lib/audit-log.ts).
      await recordAudit(
        tx,
        { id: user.id, ip: client.ip },
        {
          action: 'staff.invite_accept',
          targetType: 'user',
          targetId: user.id,
          summary: `${user.username} accepted an invitation and is now ${row.role}`,
          before: { role: null },
          after: { role: row.role },
        },
        now,
      );
      return session;
    });
  } catch (err) {
    if (isEmailTaken(err)) throw emailRegistered();
    throw err;
  }
}
