import { z } from 'zod';
import { cursorQuery, nextCursor, pageQuery } from './common';
import { api, endpoint } from './endpoint';
import { LEDGER_REASONS } from './operator-rules';
import { PRIZE_STATUSES, PRIZE_TYPES } from './prizes';
import { staffRole } from './staff';

/** The signed-in user's own view of their account. */
export const currentUser = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** False for an account made through Google or Apple that has never set a password. */
  hasPassword: z.boolean(),
  availableEntries: z.number().int(),
  totalEntries: z.number().int(),
  cashBalance: z.number().describe('pounds'),
  isAdmin: z.boolean().describe('any staff role'),
  /** Staff's role, which says what the console lets them do (contract/staff.ts); null for a member. */
  role: staffRole.nullable(),
  referralCode: z.string(),
  createdAt: z.iso.datetime(),
  /** When the member's self-exclusion ends or ended (DESIGN §19): they play again after it; null if never. */
  selfExcludedUntil: z.iso.datetime().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** One prize the signed-in user holds entries in. */
export const myEntry = z.object({
  prize: z.object({
    _id: z.string(),
    title: z.string(),
    type: z.enum(PRIZE_TYPES),
    value: z.number().describe('pounds'),
    imageUrl: z.string().nullable(),
    status: z.enum(PRIZE_STATUSES),
    endDate: z.iso.datetime(),
  }),
  entriesUsed: z.number().int(),
  /** The user's pseudonym in this prize's snapshot and proof, so they can find themselves there. */
  pid: z.string(),
  /** Receipts: the public log's leaves for each time they entered (GET /api/transparency/leaves), oldest first. */
  logIndexes: z.array(z.number().int()),
  lastEnteredAt: z.iso.datetime(),
});
export type MyEntry = z.infer<typeof myEntry>;
/** The prizes the member holds entries in, most recently entered first, in pages (DESIGN §11). */
export const myEntriesQuery = z.strictObject({ cursor: cursorQuery });
export const myEntriesResponse = z.object({ entries: z.array(myEntry), nextCursor });

export const dashboardResponse = z.object({
  stats: z.object({
    totalEntries: z.number().int(),
    availableEntries: z.number().int(),
    activePrizeEntries: z.number().int(),
    tasksCompleted: z.number().int(),
    adsWatched: z.number().int(),
    referralsMade: z.number().int(),
  }),
  /** The latest changes to either balance, from the ledger: every kind of credit and debit. */
  recentActivity: z.array(
    z.object({
      _id: z.string(),
      /** What changed the balance: the task's title, the prize's, the achievement's, or the reason. */
      task: z.object({ title: z.string() }),
      reason: z.enum(LEDGER_REASONS),
      account: z.enum(['entries', 'cash']),
      entriesAwarded: z.number().int().describe('entries added, or taken when negative; 0 for cash'),
      cash: z.number().describe('pounds added, or taken when negative; 0 for entries'),
      completedAt: z.iso.datetime(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardResponse>;

/** The signed-in member's own history of one balance, newest first, in pages. */
export const myHistoryQuery = z.strictObject({
  account: z.enum(['entries', 'cash'], { error: 'account must be entries or cash' }).default('entries'),
  ...pageQuery,
});
export const myHistoryResponse = z.object({
  entries: z.array(
    z.object({
      _id: z.string(),
      amount: z.number().describe('entries, or pounds for cash; negative when taken'),
      reason: z.enum(LEDGER_REASONS),
      /** Why an admin corrected the balance, in their words; null for everything else. */
      note: z.string().nullable(),
      at: z.iso.datetime(),
      /** An offer credit its provider may still reverse: until when; null once final, and for the rest. */
      reversibleUntil: z.iso.datetime().nullable(),
    }),
  ),
  nextCursor,
});
export type MyHistory = z.infer<typeof myHistoryResponse>;

/** The signed-in member's own records (DESIGN §14). */
export const usersApi = api('users', {
  entries: endpoint({
    summary: "The member's entries in prizes, in pages",
    method: 'GET',
    path: '/api/users/entries',
    auth: 'member',
    tags: ['users'],
    query: myEntriesQuery,
    responses: { 200: myEntriesResponse },
  }),
  history: endpoint({
    summary: "Changes to the member's entries, newest first",
    method: 'GET',
    path: '/api/users/history',
    auth: 'member',
    tags: ['users'],
    query: myHistoryQuery,
    responses: { 200: myHistoryResponse },
  }),
  dashboard: endpoint({
    summary: "The member's dashboard figures and recent activity",
    method: 'GET',
    path: '/api/users/dashboard',
    auth: 'member',
    tags: ['users'],
    responses: { 200: dashboardResponse },
  }),
});
