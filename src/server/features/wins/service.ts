import { z } from 'zod';
import { CLAIM_DAYS, DAY_MS, MINIMUM_AGE } from '../../../contract/constants';
import type { PrizeType } from '../../../contract/prizes';
import {
  type AdminWinner,
  type ClaimRequest,
  claimAsks,
  claimBodyFor,
  type ForfeitReason,
  type MyWin,
  publicWinnerName,
} from '../../../contract/wins';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound, staffAccount } from '../../lib/app-error';
import { type AuditActor, recordAudit } from '../../lib/audit-log';
import type { Clock } from '../../lib/clock';
import { decodeCursor, type PageAsked, page } from '../../lib/cursor';
import { londonDay } from '../../lib/london';
import { penceToPounds } from '../../lib/money';
import type { UserRow } from '../accounts/repository';
import { askPrizePayout, sendGiftCard } from '../cash/prize-payouts';
import { winNoticeKey } from '../notifications/notices';
import type { PayoutDesk } from '../payouts/desk';
import { passOnUnderage } from '../prizes/disqualify';
import { deliveryOf } from './delivery';
import * as repo from './repository';

const claimBy = (drawnAt: Date) => new Date(drawnAt.getTime() + CLAIM_DAYS * DAY_MS);

const status = (win: { claimedAt: Date | null; forfeitedAt: Date | null }): MyWin['status'] =>
  win.forfeitedAt ? 'Forfeited' : win.claimedAt ? 'Claimed' : 'Pending Claim';

export async function myWins(db: Db, userId: string): Promise<MyWin[]> {
  return (await repo.winsOf(db, userId)).map(({ win, prize }) => ({
    prize: { _id: prize.id, title: prize.title, type: prize.type, value: penceToPounds(prize.valuePence) },
    drawnAt: win.drawnAt.toISOString(),
    claimBy: claimBy(win.drawnAt).toISOString(),
    status: status(win),
    pid: win.pid,
    forfeitReason: win.forfeitReason,
    delivery: deliveryOf(win),
  }));
}

/** Whether someone born on `dateOfBirth` (YYYY-MM-DD) was MINIMUM_AGE on the UK calendar day of `on`. */
export function wasAdult(dateOfBirth: string, on: Date) {
  const [year, rest] = [Number(dateOfBirth.slice(0, 4)), dateOfBirth.slice(4)];
  // As strings: a 29 February birthday comes of age on 1 March in other years, as in UK law.
  return `${String(year + MINIMUM_AGE).padStart(4, '0')}${rest}` <= londonDay(on);
}

const ADULTS_ONLY = `winners must be ${MINIMUM_AGE} or over on the draw date`;
const FORFEITED: Record<ForfeitReason, string> = {
  under_18: `This prize could not be awarded: ${ADULTS_ONLY}`,
  account_deleted: 'This prize was forfeited when the account was deleted',
  disqualified:
    'This win was disqualified under the Contest Rules, so the prize passed to another participant',
  unclaimed: `This prize was not claimed within ${CLAIM_DAYS} days, so it passed to another participant`,
};

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * What a claim keeps: the name, phone and date of birth, and either how to pay a cash prize or where
 * to post any other; a claim missing the one its prize needs is refused with what to add.
 */
function claimDetails(type: PrizeType, body: ClaimRequest) {
  const checked = claimBodyFor(type).safeParse(body);
  if (!checked.success) {
    const issues = checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badRequest(issues[0]!.message, 'validation_failed', issues);
  }
  const { fullName, county, phone, dateOfBirth, address, postcode, payout } = checked.data;
  return claimAsks(type) === 'payout'
    ? { fullName, county, phone, dateOfBirth, payout }
    : { fullName, county, phone, dateOfBirth, address, postcode };
}

/**
 * The winner confirms how to get the prize to them, once, within CLAIM_DAYS of the
 * draw, from a verified address. A date of birth that makes them under MINIMUM_AGE
 * on the draw date is answered 409 confirm_underage, so a typo costs nothing;
 * confirmed, it forfeits the win, and a second try with another date changes nothing.
 * Answers what the claim gave: how to pay, or where to send.
 */
export async function claim(
  db: Db,
  clock: Clock,
  user: UserRow,
  prizeId: string,
  body: ClaimRequest,
  desk: Pick<PayoutDesk, 'providerFor' | 'sendSoon'>,
) {
  // A member who won and was then made staff keeps the win on record, but is not given it (DESIGN §16).
  if (user.staffRole) throw staffAccount();
  if (!user.emailVerifiedAt) {
    throw new AppError(
      403,
      'Please verify your email address before claiming your prize. We sent you a link when you signed up.',
      'email_unverified',
    );
  }
  const now = clock.now();
  const found = await repo.findWin(db, prizeId, user.id);
  if (!found) throw notFound('You have no win for this prize');
  const { win, prizeType } = found;
  const openSince = new Date(now.getTime() - CLAIM_DAYS * DAY_MS);
  // Only a win still open to claim can be given up: a closed window is answered as closed, below.
  const open = !win.claimedAt && !win.forfeitedAt && win.drawnAt >= openSince;
  if (open && !wasAdult(body.dateOfBirth, win.drawnAt)) {
    if (!body.confirmUnderage)
      throw new AppError(
        409,
        `The date of birth you gave, ${longDate.format(new Date(body.dateOfBirth))}, means you were under ${MINIMUM_AGE} on the draw date. ` +
          `Winners must be ${MINIMUM_AGE} or over, so if it is right you cannot have this prize and it will be forfeited. ` +
          'If it is a typo, correct it and claim again.',
        'confirm_underage',
      );
    // Forfeited, and the place passes on as any ineligible winner's does (Contest Rules §8).
    if (await db.transaction((tx) => passOnUnderage(tx, { clock }, { prizeId, userId: user.id })))
      throw new AppError(403, `Sorry, ${ADULTS_ONLY}, so we cannot award you this prize.`, 'under_18');
  }
  const details = claimDetails(prizeType, body);
  // A gift card goes through Tremendous at once where it is set up: sent once the claim has committed.
  const giftCard = prizeType === 'giftcard' && desk.providerFor('giftcard') === 'tremendous';
  const claimed = await db.transaction(async (tx) => {
    const won = await repo.claimWin(tx, {
      prizeId,
      userId: user.id,
      details: JSON.stringify(details),
      publicName: body.keepNamePrivate ? null : publicWinnerName(details.fullName, details.county),
      now,
      openSince,
    });
    // A cash prize is paid as a withdrawal is, through the payouts (DESIGN §17), in the claim's transaction.
    const win = { prizeId, userId: user.id, username: user.username };
    if (won && 'payout' in details && details.payout)
      await askPrizePayout(tx, { ...win, payout: details.payout }, now);
    if (won && giftCard) await sendGiftCard(tx, { ...win, name: details.fullName, email: user.email }, now);
    return won;
  });
  if (claimed) {
    if (giftCard) desk.sendSoon();
    return claimAsks(prizeType);
  }
  const current = (await repo.findWin(db, prizeId, user.id))!.win;
  if (current.forfeitReason) throw new AppError(409, FORFEITED[current.forfeitReason], 'forfeited');
  if (current.claimedAt) throw new AppError(409, 'You have already claimed this prize', 'already_claimed');
  throw new AppError(409, `The ${CLAIM_DAYS}-day window to claim this prize has closed`, 'claim_closed');
}

/** Where a page of winners ends: the draw's time, the prize and the place. */
const winnerCursor = z.tuple([z.iso.datetime(), z.uuid(), z.number().int()]);

export async function adminWinners(db: Db, query: PageAsked) {
  const rows = await repo.allWins(db, decodeCursor(query.cursor, winnerCursor), query.limit + 1);
  const emails = await repo.noticeEmails(
    db,
    rows.map(({ win }) => ({ userId: win.userId, key: winNoticeKey(win.prizeId) })),
  );
  const emailOf = (userId: string, prizeId: string) =>
    emails.find((e) => e.userId === userId && e.key === winNoticeKey(prizeId))?.status ?? null;
  const { items, nextCursor } = page(
    rows,
    ({ win, user, prize, payoutId }): AdminWinner => ({
      user: { _id: user.id, username: user.username, email: user.email },
      prize: { _id: prize.id, title: prize.title, value: penceToPounds(prize.valuePence) },
      drawnAt: win.drawnAt.toISOString(),
      position: win.position,
      notified: win.notified,
      email: emailOf(win.userId, win.prizeId),
      claimed: win.claimedAt !== null,
      forfeitReason: win.forfeitReason,
      prizeType: prize.type,
      payoutId,
      delivery: deliveryOf(win),
    }),
    ({ at, win }) => [at, win.prizeId, win.position],
  );
  return { winners: items, nextCursor };
}
export async function markNotified(db: Db, clock: Clock, actor: AuditActor, prizeId: string, userId: string) {
  await db.transaction(async (tx) => {
    if (!(await repo.markNotified(tx, prizeId, userId, clock.now()))) throw notFound('Winner not found');
    await recordAudit(
      tx,
      actor,
      {
        action: 'winner.notify',
        targetType: 'win',
        targetId: `${prizeId}/${userId}`,
        summary: 'Marked a winner as notified',
        after: { notified: true },
      },
      clock.now(),
    );
  });
}
