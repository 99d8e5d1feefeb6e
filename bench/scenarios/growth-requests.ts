import { LONG_LEDGER } from '../history';
import { MEMBER_SESSIONS, SPENDERS } from '../site';

// What the growth scenario sends: whom as, and where, for each GET of the API and each main write.

/** Members whose sessions the writes use, each sample a member not used before: one range per write. */
export const FRESH_FROM = 1_001;
/** The first member after the six writes' ranges (`fresh`): their accounts and sessions the run leaves whole. */
export const FRESH_AFTER = FRESH_FROM + 6 * 200;
/** The ids and sessions of one site that its requests are sent with. */
export interface Subjects {
  url: string;
  admin: string;
  /** A member of the middle of the site, with a typical history. */
  member: string;
  memberId: string;
  /** The member with LONG_LEDGER's rows. */
  long: string;
  longId: string;
  openPrize: string;
  drawnPrize: string;
  task: string;
  spenders: string[];
}

/** One request timed on both sites (or for both kinds of member). */
export interface Request<S = Subjects> {
  name: string;
  method?: string;
  path: (s: S, i: number) => string;
  token: (s: S, i: number) => string;
  body?: (s: S, i: number) => unknown;
  headers?: (i: number) => Record<string, string>;
}

/** A member's own session, a different member for every sample, from the range a write keeps for itself. */
const fresh = (range: number) => (_: Subjects, i: number) =>
  MEMBER_SESSIONS.token(FRESH_FROM + range * 200 + i);
const asMember = (s: Subjects) => s.member;
const asAdmin = (s: Subjects) => s.admin;

/** Where each GET of the API is sent, by its OpenAPI path; a text says why a path is not timed here. */
export function getFor(path: string): Request[] | string {
  const member = (p: string, name = `GET ${path}`): Request => ({ name, path: () => p, token: asMember });
  const admin = (p: string | ((s: Subjects) => string), name = `GET ${path}`): Request => ({
    name,
    path: typeof p === 'string' ? () => p : p,
    token: asAdmin,
  });
  switch (path) {
    case '/api/users/me/events':
      return 'a stream that stays open: the live scenario measures it';
    case '/api/unsubscribe':
    case '/api/offers/postback':
    case '/api/offers/postback/{id}':
      return 'sent by an email link or a provider, not by a member or an admin';
    case '/api/transparency/leaves':
    case '/api/transparency/proof/inclusion':
    case '/api/transparency/proof/consistency':
      return 'read by position from the public log, whose size follows the entries made through the site, not the members: this fill writes its entries straight to the tables, so its log is empty';
    case '/api/admin/missing-credit/{id}/screenshot':
      return 'asked once as staff open a report: one row read by its key, whatever the site’s size';
    case '/api/admin/prizes/{id}/winners/{userId}/line':
      return 'asked once as an admin opens the disqualify dialog: the prize, its win and its places passed on, read by their keys';
    case '/api/gamification/leaderboard':
      return [member('/api/gamification/leaderboard?period=weekly')];
    case '/api/gamification/leaderboard/position':
      return [
        {
          name: 'GET /api/gamification/leaderboard/position (a different member each time)',
          path: () => '/api/gamification/leaderboard/position?period=weekly',
          token: fresh(0),
        },
      ];
    case '/api/prizes/{id}':
      return [{ name: `GET ${path}`, path: (s) => `/api/prizes/${s.openPrize}`, token: asMember }];
    case '/api/prizes/{id}/my-entries':
      return [{ name: `GET ${path}`, path: (s) => `/api/prizes/${s.openPrize}/my-entries`, token: asMember }];
    case '/api/prizes/{id}/draw-proof':
      return [
        { name: `GET ${path}`, path: (s) => `/api/prizes/${s.drawnPrize}/draw-proof`, token: asMember },
      ];
    case '/api/users/history':
    case '/api/users/entries':
    case '/api/users/me/export':
      return [
        member(path),
        {
          name: `GET ${path} (the member with ${LONG_LEDGER.rows.toLocaleString('en-GB')} ledger rows)`,
          path: () => path,
          token: (s) => s.long,
        },
      ];
    case '/api/admin/users/':
      return [admin('/api/admin/users/?q=player1', 'GET /api/admin/users/?q=player1')];
    case '/api/admin/users/{id}':
    case '/api/admin/users/{id}/ledger':
    case '/api/admin/users/{id}/ledger.csv':
      return [admin((s) => path.replace('{id}', s.longId))];
    case '/api/admin/audit':
      return [admin('/api/admin/audit?action=user.adjust', 'GET /api/admin/audit?action=user.adjust')];
    default:
      if (path.includes('{')) throw new Error(`growth: no subject for GET ${path}`);
      return [path.startsWith('/api/admin/') ? admin(path) : member(path)];
  }
}

/** The main writes (issue 25, item 1), each from a member not used before where a member can do it once. */
export const WRITES: Request[] = [
  {
    name: 'POST /api/auth/register',
    method: 'POST',
    path: () => '/api/auth/register',
    token: () => '',
    body: (_, i) => ({
      username: `Grower ${i}`,
      email: `grower-${process.pid}-${Date.now()}-${i}@bench.test`,
      password: SPENDERS.password,
      acceptTerms: true,
    }),
  },
  {
    name: 'POST /api/auth/login',
    method: 'POST',
    path: () => '/api/auth/login',
    token: () => '',
    body: (_, i) => ({ email: SPENDERS.email(i % SPENDERS.count), password: SPENDERS.password }),
  },
  {
    name: 'POST /api/prizes/{id}/enter (a prize with half the members in it)',
    method: 'POST',
    path: (s) => `/api/prizes/${s.openPrize}/enter`,
    token: (s, i) => s.spenders[i % s.spenders.length]!,
    body: () => ({ entries: 1 }),
  },
  {
    name: 'POST /api/tasks/{id}/complete',
    method: 'POST',
    path: (s) => `/api/tasks/${s.task}/complete`,
    token: fresh(1),
    body: () => ({}),
  },
  {
    name: 'POST /api/gamification/streak/update',
    method: 'POST',
    path: () => '/api/gamification/streak/update',
    token: fresh(2),
  },
  {
    name: 'POST /api/instant-win/spin',
    method: 'POST',
    path: () => '/api/instant-win/spin',
    token: fresh(3),
  },
  {
    name: 'POST /api/users/withdrawals',
    method: 'POST',
    path: () => '/api/users/withdrawals',
    token: fresh(4),
    body: (_, i) => ({ method: 'paypal', amount: 5, paypalEmail: `payee${i}@bench.test` }),
  },
  {
    name: 'POST /api/admin/users/{id}/adjust',
    method: 'POST',
    path: (s) => `/api/admin/users/${s.memberId}/adjust`,
    token: asAdmin,
    body: () => ({ account: 'entries', amount: 1, reason: 'Bench correction' }),
    headers: (i) => ({ 'idempotency-key': `growth-${process.pid}-${Date.now()}-${i}` }),
  },
  {
    name: 'DELETE /api/users/me',
    method: 'DELETE',
    path: () => '/api/users/me',
    token: fresh(5),
    body: () => ({ confirm: 'DELETE' }),
  },
  {
    name: 'POST /api/admin/trigger-draw-check (the hourly check)',
    method: 'POST',
    path: () => '/api/admin/trigger-draw-check',
    token: asAdmin,
  },
  {
    name: 'POST /api/admin/trigger-weekly-payout',
    method: 'POST',
    path: () => '/api/admin/trigger-weekly-payout',
    token: asAdmin,
  },
];
