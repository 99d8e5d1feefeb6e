import type { CurrentUser } from '../../../contract/users';
import { paths } from '../../config/paths';
import { isPlayer } from '../../lib/session/session';

export interface NavLink {
  to: string;
  label: string;
}

/**
 * The main links, as SPEC lists them: some only for signed-in users, one only for admins. Staff, who
 * never play, are not offered a member's Tasks and Dashboard (DESIGN §16).
 */
export function mainLinks(user: CurrentUser | null): NavLink[] {
  return [
    { to: paths.home, label: 'Home' },
    { to: paths.prizes, label: 'Prizes' },
    { to: paths.howItWorks, label: 'How it works' },
    { to: paths.winners, label: 'Winners' },
    ...(isPlayer(user)
      ? [
          { to: paths.tasks, label: 'Tasks' },
          { to: paths.dashboard, label: 'Dashboard' },
        ]
      : []),
    ...(user?.isAdmin ? [{ to: paths.admin, label: 'Admin' }] : []),
  ];
}

export const supportLinks: NavLink[] = [
  { to: paths.faq, label: 'FAQ' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.about, label: 'About' },
  { to: paths.transparency, label: 'Transparency' },
];

export const legalLinks: NavLink[] = [
  { to: paths.terms, label: 'Terms of Service' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.contestRules, label: 'Contest Rules' },
];

export const quickLinks: NavLink[] = [
  { to: paths.home, label: 'Home' },
  { to: paths.prizes, label: 'Prizes' },
  { to: paths.howItWorks, label: 'How it works' },
  { to: paths.winners, label: 'Winners' },
];
