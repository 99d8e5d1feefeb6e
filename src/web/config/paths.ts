import { PAGES } from '../../shared/pages';

/** A page's path with its `:id` filled in. */
const withId = (path: string) => (id: string) => path.replace(':id', encodeURIComponent(id));

/** Every URL of the site, from the one list of pages (shared/pages.ts). */
export const paths = {
  home: PAGES.home.path,
  prizes: PAGES.prizes.path,
  prize: withId(PAGES.prize.path),
  howItWorks: PAGES.howItWorks.path,
  winners: PAGES.winners.path,
  transparency: PAGES.transparency.path,
  faq: PAGES.faq.path,
  contact: PAGES.contact.path,
  about: PAGES.about.path,
  terms: PAGES.terms.path,
  privacy: PAGES.privacy.path,
  contestRules: PAGES.contestRules.path,
  login: PAGES.login.path,
  register: PAGES.register.path,
  forgotPassword: PAGES.forgotPassword.path,
  resetPassword: PAGES.resetPassword.path,
  verifyEmail: PAGES.verifyEmail.path,
  tasks: PAGES.tasks.path,
  dashboard: PAGES.dashboard.path,
  account: PAGES.account.path,
  standing: PAGES.standing.path,
  /** The account page's email and notification choices. */
  emailChoices: `${PAGES.account.path}#email-choices`,
  notifications: PAGES.notifications.path,
  unsubscribe: PAGES.unsubscribe.path,
  myEntries: PAGES.myEntries.path,
  wins: PAGES.wins.path,
  messages: PAGES.messages.path,
  entries: PAGES.entries.path,
  admin: PAGES.admin.path,
  /** A tab of the Admin Panel, e.g. adminTab('users'). */
  adminTab: (tab: string) => `${PAGES.admin.path}?tab=${encodeURIComponent(tab)}`,
  adminMember: withId(PAGES.adminMember.path),
  draw: withId(PAGES.draw.path),
} as const;

/** Where to send someone back to after signing in: only a path on this site. */
export function safeNext(next: string | null | undefined): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : paths.dashboard;
}

export const loginWithNext = (next: string) => `${paths.login}?next=${encodeURIComponent(next)}`;
