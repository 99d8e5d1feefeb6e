import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { DAY_MS } from '../../../contract/constants';
import {
  type AdminMissingCredit,
  MISSING_CREDIT_MAX_DAYS,
  MISSING_CREDIT_OPEN_MAX,
  type MissingCredit,
  type MissingCreditBody,
  type MissingCreditStatus,
  type ResolveMissingCreditBody,
  SCREENSHOT_MAX_BYTES,
} from '../../../contract/missing-credit';
import { ENVIRONMENT_WALL_ID, ENVIRONMENT_WALL_NAME } from '../../../contract/offer-walls';
import type { ApprovalThresholds, Config } from '../../config';
import type { Db, Executor, Tx } from '../../db/client';
import { approvals, missingCredits, offerTransactions, offerWalls, users } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import type { AuditActor } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { afterKey, cursorKeys, decodeCursor, exactTime, type PageAsked, page } from '../../lib/cursor';
import { londonDay } from '../../lib/london';
import { isUuid } from '../../lib/uuid';
import { lockUserRow } from '../accounts/repository';
import { mayMoveAlone } from '../four-eyes/alone-limits';
import { requestApproval } from '../four-eyes/asking';
import { type Acting, lockMember, record } from '../members/acting-on-member';
import { correct, correctionEffect } from '../members/corrections';
import { notices } from '../notifications/notices';
import { notify } from '../notifications/notify';
import { offerWallUrl } from '../offers/conversions';
import { findWall } from '../offers/repository';
import { imageTypeOf } from './screenshot';

type Row = typeof missingCredits.$inferSelect;
/** A report as read for showing: its row without the screenshot, and its wall's name. */
const shown = {
  id: missingCredits.id,
  userId: missingCredits.userId,
  wallId: missingCredits.wallId,
  offerName: missingCredits.offerName,
  completedAt: missingCredits.completedAt,
  expectedReward: missingCredits.expectedReward,
  hasScreenshot: sql<boolean>`${missingCredits.screenshot} is not null`,
  createdAt: missingCredits.createdAt,
  status: missingCredits.status,
  credited: missingCredits.credited,
  reply: missingCredits.reply,
  decidedAt: missingCredits.decidedAt,
  wallName: offerWalls.name,
};
type Shown = Omit<Row, 'screenshot' | 'screenshotType' | 'approvalId' | 'decidedBy'> & {
  hasScreenshot: boolean;
  wallName: string | null;
};

const present = (r: Shown): MissingCredit => ({
  _id: r.id,
  wall: { _id: r.wallId ?? ENVIRONMENT_WALL_ID, name: r.wallName ?? ENVIRONMENT_WALL_NAME },
  offerName: r.offerName,
  completedAt: r.completedAt.toISOString(),
  expectedReward: r.expectedReward,
  hasScreenshot: r.hasScreenshot,
  status: r.status,
  at: r.createdAt.toISOString(),
  credited: r.credited,
  reply: r.reply,
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

const selectShown = (db: Executor) =>
  db.select(shown).from(missingCredits).leftJoin(offerWalls, eq(offerWalls.id, missingCredits.wallId));

/** The wall a member names: the environment's while it is set up, or one an admin set up (on or off). */
async function wallIdOf(db: Executor, config: Config, wall: string, userId: string) {
  if (wall === ENVIRONMENT_WALL_ID && offerWallUrl(config, userId)) return null;
  if (isUuid(wall) && (await findWall(db, wall))) return wall;
  throw badRequest('Choose one of the offer walls', 'unknown_wall');
}

/**
 * When the member completed it: a day alone (a UK day, as the form's date picker gives it) is kept as
 * that date's start; never after today or now, nor too long ago.
 */
function completionOf(given: string, now: Date) {
  const dayOnly = given.length === 10;
  const at = new Date(dayOnly ? `${given}T00:00:00Z` : given);
  if (dayOnly ? given > londonDay(now) : at.getTime() > now.getTime())
    throw badRequest('The date you completed it cannot be in the future', 'bad_date');
  if (now.getTime() - at.getTime() > MISSING_CREDIT_MAX_DAYS * DAY_MS)
    throw badRequest(
      `Offers completed more than ${MISSING_CREDIT_MAX_DAYS} days ago can no longer be checked with the provider`,
      'too_old',
    );
  return at;
}

function screenshotOf(bytes: Uint8Array | undefined) {
  if (!bytes) return null;
  if (bytes.length > SCREENSHOT_MAX_BYTES) throw screenshotTooLarge();
  const type = imageTypeOf(bytes);
  if (!type) throw badRequest('The screenshot must be a PNG, JPEG or WebP image', 'not_an_image');
  return { bytes, type };
}

export const screenshotTooLarge = () =>
  new AppError(
    413,
    `The screenshot must be at most ${SCREENSHOT_MAX_BYTES / 1024 / 1024} MB`,
    'screenshot_too_large',
  );

/**
 * A member reports an offer that did not credit, with a screenshot if they have one; at most
 * MISSING_CREDIT_OPEN_MAX wait at once (409 `too_many_open`).
 */
export async function report(db: Db, config: Config, clock: Clock, userId: string, body: MissingCreditBody) {
  const now = clock.now();
  const completedAt = completionOf(body.completedAt, now);
  const screenshot = screenshotOf(body.screenshot);
  const wallId = await wallIdOf(db, config, body.wall, userId);
  const id = await db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(missingCredits)
      .where(and(eq(missingCredits.userId, userId), eq(missingCredits.status, 'open')));
    if (open!.n >= MISSING_CREDIT_OPEN_MAX)
      throw conflict(
        `You have ${MISSING_CREDIT_OPEN_MAX} reports waiting already: we will answer those first`,
        'too_many_open',
      );
    const [made] = await tx
      .insert(missingCredits)
      .values({
        userId,
        wallId,
        offerName: body.offerName,
        completedAt,
        expectedReward: Number(body.expectedReward),
        screenshot: screenshot?.bytes,
        screenshotType: screenshot?.type,
        createdAt: now,
      })
      .returning({ id: missingCredits.id });
    return made!.id;
  });
  const [row] = await selectShown(db).where(eq(missingCredits.id, id));
  return { claim: present(row!) };
}

const MINE_SHOWN = 50;

/** A member's own reports, the newest first. */
export async function mine(db: Executor, userId: string) {
  const rows = await selectShown(db)
    .where(eq(missingCredits.userId, userId))
    .orderBy(desc(missingCredits.createdAt))
    .limit(MINE_SHOWN);
  return { claims: rows.map(present) };
}

const POSTBACKS_SHOWN = 10;
type WallOf = { userId: string; wallId: string | null };
const wallKey = ({ userId, wallId }: WallOf) => `${userId} ${wallId ?? ''}`;

/** Each member's latest postbacks from each wall, in one query for a page of reports. */
const latestPostbacks = (db: Executor, userIds: string[]) => {
  const ranked = db
    .select({
      userId: offerTransactions.userId,
      wallId: offerTransactions.wallId,
      transactionId: offerTransactions.transactionId,
      entries: offerTransactions.amount,
      status: offerTransactions.status,
      at: offerTransactions.createdAt,
      n: sql<number>`row_number() over (partition by ${offerTransactions.userId}, ${offerTransactions.wallId} order by ${offerTransactions.createdAt} desc)`.as(
        'n',
      ),
    })
    .from(offerTransactions)
    .where(inArray(offerTransactions.userId, userIds))
    .as('ranked');
  return db.select().from(ranked).where(lte(ranked.n, POSTBACKS_SHOWN)).orderBy(desc(ranked.at));
};

/** What staff check reports against: for each, its wall's postbacks for that member, the newest first. */
async function postbacksOf(db: Executor, claims: WallOf[]) {
  const userIds = [...new Set(claims.map((c) => c.userId))];
  const byWall = new Map<string, AdminMissingCredit['postbacks']>();
  for (const r of userIds.length ? await latestPostbacks(db, userIds) : []) {
    // A wall's transaction ids are kept after its own id (offers/conversions.ts): staff see the provider's.
    const prefix = r.wallId ? `${r.wallId}:` : '';
    const shownFor = byWall.get(wallKey(r)) ?? [];
    shownFor.push({
      transactionId: r.transactionId.slice(prefix.length),
      entries: r.entries,
      status: r.status,
      at: r.at.toISOString(),
    });
    byWall.set(wallKey(r), shownFor);
  }
  return (claim: WallOf) => byWall.get(wallKey(claim)) ?? [];
}

const staffShown = {
  ...shown,
  username: users.username,
  waitingApproval: sql<boolean>`coalesce(${approvals.status} = 'pending', false)`,
  at: exactTime(missingCredits.createdAt),
};
type StaffShown = Shown & { username: string; waitingApproval: boolean };

/** Reports as staff read them: with who sent them and whether a credit of them waits for approval. */
const selectForStaff = (db: Executor) =>
  db
    .select(staffShown)
    .from(missingCredits)
    .leftJoin(offerWalls, eq(offerWalls.id, missingCredits.wallId))
    .innerJoin(users, eq(users.id, missingCredits.userId))
    .leftJoin(approvals, eq(approvals.id, missingCredits.approvalId));

async function presentForStaff(db: Executor, id: string): Promise<AdminMissingCredit> {
  const [r] = await selectForStaff(db).where(eq(missingCredits.id, id));
  return (await withStaffView(db, [r!]))[0]!;
}

async function withStaffView(db: Executor, rows: StaffShown[]): Promise<AdminMissingCredit[]> {
  const postbacks = await postbacksOf(db, rows);
  return rows.map((r) => ({
    ...present(r),
    member: { _id: r.userId, username: r.username },
    postbacks: postbacks(r),
    waitingApproval: r.waitingApproval,
  }));
}

/** Reports of one status, the oldest first (the queue is worked in the order they came), beside their postbacks. */
export async function listForStaff(db: Db, query: PageAsked & { status: MissingCreditStatus }) {
  const from = decodeCursor(query.cursor, cursorKeys.timeAndId);
  const rows = await selectForStaff(db)
    .where(
      and(
        eq(missingCredits.status, query.status),
        afterKey([missingCredits.createdAt, missingCredits.id], from, 'asc'),
      ),
    )
    .orderBy(asc(missingCredits.createdAt), asc(missingCredits.id))
    .limit(query.limit + 1);
  const { items, nextCursor } = page(
    rows,
    (r) => r,
    (r) => [r.at, r.id],
    query.limit,
  );
  return { claims: await withStaffView(db, items), nextCursor };
}

/** A report's screenshot as a data URL an image element shows, or null when none was sent. */
export async function screenshotFor(db: Executor, id: string) {
  const [r] = await db
    .select({ bytes: missingCredits.screenshot, type: missingCredits.screenshotType })
    .from(missingCredits)
    .where(eq(missingCredits.id, id));
  if (!r) throw notFound('Missing credit report not found');
  if (!r.bytes || !r.type) return { screenshot: null };
  return { screenshot: `data:${r.type};base64,${Buffer.from(r.bytes).toString('base64')}` };
}

/** The report, locked, while it waits for a decision: 409 once decided or while a credit of it waits. */
async function lockOpen(tx: Tx, id: string) {
  const [r] = await tx
    .select({ claim: missingCredits, approval: approvals.status })
    .from(missingCredits)
    .leftJoin(approvals, eq(approvals.id, missingCredits.approvalId))
    .where(eq(missingCredits.id, id))
    .for('update', { of: missingCredits });
  if (!r) throw notFound('Missing credit report not found');
  if (r.claim.status !== 'open') throw conflict('This report has already been decided', 'already_decided');
  return r;
}

const decided = (acting: Acting) => ({ decidedAt: acting.clock.now(), decidedBy: acting.actor.id });

/** Credits the report through the ledger, as a correction the member is told of by the offer's name. */
async function creditIn(tx: Tx, acting: Acting, claim: Row, entries: number, reason: string) {
  await correct(
    tx,
    acting,
    claim.userId,
    { account: 'entries', amount: entries, reason: `Missing credit for “${claim.offerName}”: ${reason}` },
    () => notices.missingCredit({ id: claim.id, offerName: claim.offerName, credited: entries, reason }),
  );
  await tx
    .update(missingCredits)
    .set({ status: 'credited', credited: entries, reply: reason, ...decided(acting) })
    .where(eq(missingCredits.id, claim.id));
}

/**
 * Staff decide a report once. Credited, the entries go through the ledger as a correction, or wait for
 * a second member of staff when the four-eyes sums say so (DESIGN §16); refused, the member is told why.
 */
export async function resolve(
  acting: Acting,
  thresholds: ApprovalThresholds,
  id: string,
  body: ResolveMissingCreditBody,
) {
  const now = acting.clock.now();
  const waits = await acting.db.transaction(async (tx) => {
    const { claim, approval } = await lockOpen(tx, id);
    if (approval === 'pending')
      throw conflict('A credit of this report waits for approval', 'approval_pending');
    if (body.outcome === 'refused') {
      await tx
        .update(missingCredits)
        .set({ status: 'refused', reply: body.reason, ...decided(acting) })
        .where(eq(missingCredits.id, id));
      await record(tx, acting, 'user.missing_credit_refuse', claim.userId, {
        summary: `Refused the member's missing credit for “${claim.offerName}”: ${body.reason}`,
        before: { missingCredit: 'open' },
        after: { missingCredit: 'refused' },
      });
      await notify(
        tx,
        claim.userId,
        notices.missingCredit({ id, offerName: claim.offerName, credited: null, reason: body.reason }),
        now,
      );
      return false;
    }
    const entries = Number(body.entries);
    const member = await lockMember(tx, acting, claim.userId, { money: true });
    const move = {
      staffId: acting.actor.id,
      memberId: claim.userId,
      account: 'entries' as const,
      amount: entries,
    };
    if (await mayMoveAlone(tx, thresholds, move, now)) {
      await creditIn(tx, acting, claim, entries, body.reason);
      return false;
    }
    const { approval: asked } = await requestApproval(tx, acting.actor, now, {
      kind: 'missing_credit',
      targetId: id,
      payload: { claimId: id, entries, reason: body.reason },
      summary: `${correctionEffect(member, { account: 'entries', amount: entries })} for the missing offer “${claim.offerName}” (${body.reason})`,
    });
    await tx.update(missingCredits).set({ approvalId: asked._id }).where(eq(missingCredits.id, id));
    return true;
  });
  return { waits, claim: await presentForStaff(acting.db, id) };
}

/** A credit a second member of staff approved, made in their transaction (features/approvals). */
export async function creditApproved(
  tx: Tx,
  approver: { db: Db; clock: Clock; actor: AuditActor & { id: string } },
  payload: { claimId: string; entries: number; reason: string },
) {
  const { claim } = await lockOpen(tx, payload.claimId);
  // correct() locks the member and refuses staff and deleted accounts, as when the credit was asked for.
  await creditIn(tx, approver, claim, payload.entries, payload.reason);
  return { claim: await presentForStaff(tx, payload.claimId) };
}
