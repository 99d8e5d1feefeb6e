import { z } from 'zod';
import { emailField } from './common';

/** A staff member's one role (DESIGN §12); members have none. */
export const STAFF_ROLES = ['owner', 'admin', 'finance', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What each staff route needs, and the roles that hold it: the one table every admin route names
 * a row of (its endpoint's `auth: { staff }`), and the console's tabs follow.
 */
export const STAFF_PERMISSIONS = {
  /** Naming staff and changing their roles. */
  staff: ['owner'],
  /** Reading members, their ledgers, the review queue and held referrals. */
  members: ['owner', 'admin', 'finance', 'support'],
  /**
   * Members in full: their addresses and device ids whole (without it, the last part of each is
   * hidden, DESIGN §16), and their ledgers as a file.
   */
  members_full: ['owner', 'admin', 'finance'],
  /** Marking a member's email verified once staff have checked it another way. */
  verify_email: ['owner', 'support'],
  suspend: ['owner', 'admin'],
  /** Holding and releasing a member's cashouts. */
  holds: ['owner', 'finance', 'support'],
  /** Correcting balances, and paying or refusing held referrals. */
  corrections: ['owner', 'finance'],
  /** Withdrawals, and the weekly leaderboard payout. */
  payouts: ['owner', 'finance'],
  /** Prizes, draws, winners and the hourly check. */
  prizes: ['owner', 'admin'],
  /** Tasks and offer walls. */
  tasks: ['owner', 'admin'],
  /**
   * Deciding on what another member of staff asked for: each kind also needs the permission the
   * change itself needs (APPROVER_PERMISSION in approvals.ts), so support decides on nothing.
   */
  approvals: ['owner', 'admin', 'finance'],
  /** The wheel's odds. */
  odds: ['owner', 'admin'],
  /** Members' complaints and the replies to them. */
  messages: ['owner', 'support'],
  /** The site's mail: the test email and the outbox. */
  settings: ['owner', 'admin'],
  /** The dashboard's figures, the analytics and the audit log. */
  reports: ['owner', 'admin', 'finance'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

/** Whether `role` holds `permission`; a member (no role) holds none. */
export const roleCan = (role: StaffRole | null | undefined, permission: StaffPermission) =>
  role != null && (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);

export const staffRole = z.enum(STAFF_ROLES);

export const staffMember = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  role: staffRole,
  /** Whether they have set up their second factor (DESIGN §12). */
  twoFactor: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffListResponse = z.object({ staff: z.array(staffMember) });
export const addStaffBody = z.object({ email: emailField, role: staffRole });
export const changeRoleBody = z.object({
  role: staffRole.nullable().describe('null takes the role away: they are a member again'),
});
export const staffResponse = z.object({ staff: staffMember.nullable() });
