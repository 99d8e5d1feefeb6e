import type { FastifyInstance } from 'fastify';
import { usersApi } from '../../../contract/users';
import type { AppContext } from '../../context';
import { cursorKeys, decodeCursor, PAGE_TAKE, page } from '../../lib/cursor';
import { ledgerPage } from '../../lib/ledger-pages';
import { penceToPounds } from '../../lib/money';
import { register } from '../../plugins/register';
import { measure } from '../earning/achievements';
import { reversibleUntil } from '../offers/repository';
import { currentStatus } from '../prizes/rules';
import { recentActivity } from './recent-activity';
import { entriesOf, openPrizeEntries } from './repository';

/** The signed-in user's own records (DESIGN §14). */
export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  register(app, ctx, usersApi.entries, async ({ member, query }) => {
    const rows = await entriesOf(
      ctx.db,
      member.id,
      decodeCursor(query.cursor, cursorKeys.timeAndId),
      PAGE_TAKE,
    );
    const { items, nextCursor } = page(
      rows,
      (row) => ({
        prize: {
          _id: row.prize.id,
          title: row.prize.title,
          type: row.prize.type,
          value: penceToPounds(row.prize.valuePence),
          imageUrl: row.prize.imageUrl,
          status: currentStatus(row.prize, ctx.clock.now()),
          endDate: row.prize.endDate.toISOString(),
        },
        entriesUsed: row.entries,
        pid: row.pid,
        logIndexes: row.logIndexes,
        lastEnteredAt: row.updatedAt.toISOString(),
      }),
      (row) => [row.at, row.prize.id],
    );
    return { entries: items, nextCursor };
  });

  register(app, ctx, usersApi.history, async ({ member, query }) => {
    const { account, cursor, limit } = query;
    const rows = await ledgerPage(
      ctx.db,
      member.id,
      account,
      decodeCursor(cursor, cursorKeys.timeAndSerial),
      limit + 1,
    );
    // Offer credits a provider may still reverse say until when (DESIGN §19).
    const offers = rows.flatMap(({ row }) =>
      row.reason === 'offer' && row.reference ? [row.reference] : [],
    );
    const holds = await reversibleUntil(ctx.db, offers, ctx.clock.now());
    const { items, nextCursor } = page(
      rows,
      ({ row }) => ({
        _id: String(row.id),
        amount: account === 'cash' ? penceToPounds(row.amount) : row.amount,
        reason: row.reason,
        note: row.reason === 'admin_adjustment' ? row.reference : null,
        at: row.createdAt.toISOString(),
        reversibleUntil:
          (row.reason === 'offer' && row.reference && holds.get(row.reference)?.toISOString()) || null,
      }),
      (r) => [r.at, String(r.row.id)],
      limit,
    );
    return { entries: items, nextCursor };
  });

  register(app, ctx, usersApi.dashboard, async ({ member: user }) => {
    const [counts, activePrizeEntries, activity] = await Promise.all([
      measure(ctx.db, user.id),
      openPrizeEntries(ctx.db, user.id, ctx.clock.now()),
      recentActivity(ctx.db, user.id),
    ]);
    return {
      stats: {
        totalEntries: user.totalEntries,
        availableEntries: user.availableEntries,
        activePrizeEntries,
        tasksCompleted: counts.tasks,
        adsWatched: counts.adsWatched,
        referralsMade: counts.referrals,
      },
      recentActivity: activity,
    };
  });
}
