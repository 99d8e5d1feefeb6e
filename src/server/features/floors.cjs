/**
 * The server's features in floors (docs/decisions/029-floors-and-one-door-for-money.md): a feature
 * imports only from floors below its own, never sideways or up, so no two import each other.
 * `npm run lint` enforces it (.dependency-cruiser.cjs); a new feature is added here first.
 */
module.exports = [
  // 0. What everything stands on: accounts and their sessions, mail, the analytics' reads, health, and
  // the public log anyone can check.
  ['accounts', 'mail', 'analytics', 'health', 'transparency'],
  // 1. Services any feature above may use: notices, second factors, the staff audit chain.
  ['notifications', 'two-factor', 'audit'],
  // 2. Money's one door (earning: the ledger, achievements, referral pay), asking a second person, messages, live pages,
  // and the wellbeing signals that playing raises.
  ['earning', 'four-eyes', 'contact', 'live', 'wellbeing'],
  // 3. Play and protection, on earning: fraud signals, streaks and leaderboards, the wheel, offers, referral holds,
  // and payouts through their providers.
  ['risk', 'gamification', 'wheel', 'offers', 'referrals', 'payouts'],
  // 4. What members do, checked by risk: signing up and in, prizes and their draws, cash, tasks.
  ['auth', 'prizes', 'cash', 'tasks'],
  // 5. People and results: staff, winners, members for the console, the dashboard's reads.
  ['staff', 'wins', 'admin', 'members', 'users'],
  // 6. What gathers the rest: exports, the member's own account, the transparency page's figures, members'
  // standing and appeals (which undo staff actions), and missing offer credits (credited as corrections).
  ['account', 'exports', 'figures', 'standing', 'missing-credit'],
  // 7. Approvals, which carry out what features below asked a second member of staff for.
  ['approvals'],
];
