import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPROVAL_KINDS, APPROVAL_STATUSES } from '../../contract/approvals';
import { DEFAULT_AD_SECONDS, DEFAULT_DRAW_DAY } from '../../contract/constants';
import {
  ACHIEVEMENT_IDS,
  LEADERBOARD_PERIODS,
  WHEEL_PRIZE_IDS,
  WITHDRAWAL_METHODS,
} from '../../contract/gamification-rules';
import { MISSING_CREDIT_STATUSES, SCREENSHOT_TYPES } from '../../contract/missing-credit';
import { NOTIFICATION_TYPES, type TopicSwitches } from '../../contract/notifications';
import { OFFER_HOLD_DAYS_DEFAULT, OFFER_PROVIDERS } from '../../contract/offer-walls';
import {
  LEDGER_REASONS,
  REPLACEMENT_REASONS,
  REVIEW_STATUSES,
  type RiskSignalCode,
  TICKET_STATUSES,
} from '../../contract/operator-rules';
import { PASSKEY_PURPOSES } from '../../contract/passkeys';
import { PAYOUT_PROVIDERS, WITHDRAWAL_STATUSES } from '../../contract/payouts';
import { PRIZE_STATUSES, PRIZE_TYPES } from '../../contract/prizes';
import { REFERRAL_HOLD_STATUSES } from '../../contract/referral-holds';
import { STAFF_ROLES } from '../../contract/staff';
import { APPEAL_STATUSES } from '../../contract/standing';
import { REPEAT_INTERVALS, TASK_PLATFORMS, TASK_TYPES } from '../../contract/tasks';
import { WELLBEING_KINDS } from '../../contract/wellbeing';
import { DELIVERY_STATUSES, FORFEIT_REASONS } from '../../contract/wins';
import type { BeaconRound, FixedRound } from '../../shared/beacon';

export const staffRole = pgEnum('staff_role', STAFF_ROLES);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    /** Staff have a role (contract/staff.ts); members have none. */
    staffRole: staffRole('staff_role'),
    // Balances are caches of the ledger, changed only by lib/ledger.ts.
    availableEntries: integer('available_entries').notNull().default(0),
    totalEntries: integer('total_entries').notNull().default(0),
    /**
     * Entries the member earned themselves, less those taken back: what levels and the entries-earned
     * achievements count. Unlike totalEntries it leaves out staff corrections (DESIGN §16).
     */
    experience: integer('experience').notNull().default(0),
    cashPence: integer('cash_pence').notNull().default(0),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by'),
    createdAt: createdAt(),
    /** Set when the owner follows a link sent to `email` (or signs in with a provider that vouches for it). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The provider's stable id for this person: social sign-in keys on it, never on the email. */
    googleSub: text('google_sub'),
    appleSub: text('apple_sub'),
    /** Taking a break: sign-in is refused until then, or for good. */
    breakUntil: timestamp('break_until', { withTimezone: true }),
    breakForGood: boolean('break_for_good').notNull().default(false),
    /**
     * Self-excluded (DESIGN §19): still signs in, but enters, spins and earns nothing, and gets no optional
     * mail or pushes, until then; never brought forward.
     */
    selfExcludedUntil: timestamp('self_excluded_until', { withTimezone: true }),
    /** Personal data erased; the row stays so the ledger and past draws still add up. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Suspended by an admin: signed out, and refused everything until lifted or until `suspendedUntil`. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** Withdrawals paused by an admin (the lighter step): the member still earns and enters. */
    cashoutsHeldAt: timestamp('cashouts_held_at', { withTimezone: true }),
    cashoutsHoldReason: text('cashouts_hold_reason'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    uniqueIndex('users_apple_sub_key').on(t.appleSub),
    // Admin search finds any part of the email (stored lower-cased) or of the name in any case: trigram
    // indexes (pg_trgm, which migration 0035 creates) serve LIKE '%part%'.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_newest_idx').on(t.createdAt, t.id),
    // The few members in each state but active, newest first: the admin's search filtered by status or held
    // cashouts reads them alone instead of walking every member from the newest until it finds a page.
    index('users_suspended_newest_idx').on(t.createdAt, t.id).where(sql`${t.suspendedAt} is not null`),
    index('users_deleted_newest_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} is not null`),
    index('users_on_break_newest_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.breakForGood} or ${t.breakUntil} is not null`),
    index('users_held_newest_idx').on(t.createdAt, t.id).where(sql`${t.cashoutsHeldAt} is not null`),
    // A member's referrals, newest first (the admin's member page and the fraud signals), without reading the
    // newest of all members.
    index('users_referred_by_idx').on(t.referredBy, t.createdAt).where(sql`${t.referredBy} is not null`),
    // The few staff among a million members: the Staff tab, and the staff told of a cashout or a message.
    index('users_staff_idx').on(t.staffRole, t.username).where(sql`${t.staffRole} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** What the account page names a session by: the token's hash never leaves the server. */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    userAgent: text('user_agent'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** The address and the web app's device id it was opened from, for the member's admin page. */
    ip: text('ip'),
    deviceId: text('device_id'),
    /** When this session last proved a second factor (signing in with one, enrolling, or a fresh code): staff need one, and a recent one for money (DESIGN §12). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_id_key').on(t.id),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** An authenticator app's shared secret (RFC 6238): in use once confirmed with a code from it. */
export const totpSecrets = pgTable('totp_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32, as the app was given it. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code, or an earlier one, is never accepted again. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** A passkey (WebAuthn, DESIGN §12): a second factor, and a way to sign in without a password. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's id for it, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter, when it keeps one: it only goes up. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

export const passkeyPurpose = pgEnum('passkey_purpose', PASSKEY_PURPOSES);

/**
 * A WebAuthn challenge handed to a browser (DESIGN §12): answered once, within CHALLENGE_MINUTES. Signing in
 * with a passkey names no account; adding one or confirming it is you names the account.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull(),
    purpose: passkeyPurpose('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);

/** Single-use codes for when the authenticator is lost, stored hashed with the user's id as salt. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A password (or a provider) accepted for an account with a second factor: the
 * session opens only when a code is given against it. Stored hashed, good once,
 * for a few minutes and a few wrong codes.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failures: smallint('failures').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_in_challenges_user_idx').on(t.userId),
    index('sign_in_challenges_expires_idx').on(t.expiresAt),
  ],
);

export const accountTokenPurpose = pgEnum('account_token_purpose', ['verify_email', 'reset_password']);

/** Links emailed to a user (verify an address, reset a password): stored hashed, good once, until they expire. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurpose('purpose').notNull(),
    /** The address the link was sent to: a link for an address the user has since changed proves nothing. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Provider ID tokens already exchanged for a session, kept until they expire, so one cannot be replayed. */
export const usedIdTokens = pgTable('used_id_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // Append-only (a trigger refuses UPDATE and DELETE), so a user with history cannot simply vanish.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    account: text('account', { enum: ['entries', 'cash'] }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_key').on(t.idempotencyKey),
    // A member's ledger, one account at a time, newest first: the admin's pages and the cash history.
    index('ledger_entries_user_account_idx').on(t.userId, t.account, t.createdAt, t.id),
    // How many friends a member referred (the achievements' count), without reading their whole ledger.
    index('ledger_entries_referrals_idx').on(t.userId).where(sql`${t.reason} = 'referral'`),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Sign-in attempts counted before the password is checked, per account and
 * client address, and per account from everywhere (`address` = '*'), each in
 * its own window. A success takes its attempt back.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.address] })],
);

export const prizeType = pgEnum('prize_type', PRIZE_TYPES);
export const prizeStatus = pgEnum('prize_status', PRIZE_STATUSES);

export const prizes = pgTable(
  'prizes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    type: prizeType('type').notNull(),
    valuePence: integer('value_pence').notNull(),
    currency: text('currency').notNull().default('GBP'),
    imageUrl: text('image_url'),
    totalWinners: integer('total_winners').notNull().default(1),
    entryCost: integer('entry_cost').notNull().default(1),
    maxEntriesPerUser: integer('max_entries_per_user').notNull().default(100),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    status: prizeStatus('status').notNull().default('draft'),
    featured: boolean('featured').notNull().default(false),
    totalEntries: integer('total_entries').notNull().default(0),
    /** Members holding entries in it, kept by a trigger on prize_entries: a count of them grows with the prize. */
    participantCount: integer('participant_count').notNull().default(0),
    drawFrequency: text('draw_frequency'),
    minimumEntries: integer('minimum_entries').notNull().default(0),
    drawDay: text('draw_day').notNull().default(DEFAULT_DRAW_DAY),
    // Commit–reveal: sha256 of the secret seed is public from activation; the seed only after the draw.
    seed: text('seed'),
    commitment: text('commitment'),
    snapshotHash: text('snapshot_hash'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /** A cancellation and why, published on the prize (DESIGN §15). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** When entries closed and the snapshot (participants and their hash) was frozen and published. */
    snapshotAt: timestamp('snapshot_at', { withTimezone: true }),
    /**
     * With DRAW_BEACON=drand: the public randomness round fixed when the prize went live (the first at or
     * after its end date), then, once drawn, that round's signature and randomness.
     */
    beacon: jsonb('beacon').$type<FixedRound | BeaconRound>(),
    createdAt: createdAt(),
    /** When every participant had been told it closes within a day, and told whether they won (DESIGN §9). */
    closingNoticedAt: timestamp('closing_noticed_at', { withTimezone: true }),
    resultsNoticedAt: timestamp('results_noticed_at', { withTimezone: true }),
  },
  (t) => [
    index('prizes_status_idx').on(t.status),
    // The Dashboard's prize value by day of draw.
    index('prizes_drawn_at_idx').on(t.drawnAt).where(sql`${t.drawnAt} is not null`),
    // The admin's pages of prizes, newest made first: without it each page sorts every prize.
    index('prizes_newest_idx').on(t.createdAt, t.id),
    check('prizes_total_entries_nonnegative', sql`${t.totalEntries} >= 0`),
    check('prizes_entry_cost_positive', sql`${t.entryCost} > 0`),
    check('prizes_total_winners_positive', sql`${t.totalWinners} > 0`),
  ],
);

export const prizeEntries = pgTable(
  'prize_entries',
  {
    prizeId: uuid('prize_id')
      .notNull()
      .references(() => prizes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entries: integer('entries').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The user's pseudonym in this prize's snapshot and proof: 128 random bits, hex, made at their first
     * entry, so nobody can follow a person from draw to draw. Only the user is shown their own.
     */
    pid: text('pid').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.prizeId, t.userId] }),
    uniqueIndex('prize_entries_prize_pid_key').on(t.prizeId, t.pid),
    // A member's entries, newest first, a page at a time (and every lookup by member).
    index('prize_entries_user_newest_idx').on(t.userId, t.updatedAt, t.prizeId),
    check('prize_entries_positive', sql`${t.entries} > 0`),
  ],
);

const bytes = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A prize's frozen snapshot (DESIGN §4), one row a prize: its lines, `<pid>:<entries>\n` in pid
 * byte order, exactly the bytes the snapshot hash covers, and the participants' masked names, one a
 * line in the same order. Kept uncompressed (migration 0049), so a slice is read without the rest.
 * Nothing here refers to the user, so a deleted account leaves past draws as they were.
 */
export const drawSnapshots = pgTable('draw_snapshots', {
  // No reference to prizes: only fillSnapshot writes a row, under the prize's lock, and prizes are never deleted.
  prizeId: uuid('prize_id').primaryKey(),
  participants: integer('participants').notNull(),
  lines: bytes('lines').notNull(),
  names: bytes('names').notNull(),
});

export const forfeitReason = pgEnum('forfeit_reason', FORFEIT_REASONS);

export const deliveryStatus = pgEnum('delivery_status', DELIVERY_STATUSES);

export const wins = pgTable(
  'wins',
  {
    prizeId: uuid('prize_id')
      .notNull()
      .references(() => prizes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 for the first winner drawn, 2 for the next… */
    position: integer('position').notNull(),
    /** The winner as the draw's proof names them (their pseudonym in the prize). */
    pid: text('pid').notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull(),
    notified: boolean('notified').notNull().default(false),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    deliveryDetails: text('delivery_details'),
    /**
     * How the winners page names them (first name, surname initial, county: CAP Code 8.28.5), as given
     * at the claim; null before the claim or when they asked us not to publish it.
     */
    publicName: text('public_name'),
    /** A win that can no longer be claimed, and why (the winner was under 18, or deleted their account). */
    forfeitedAt: timestamp('forfeited_at', { withTimezone: true }),
    forfeitReason: forfeitReason('forfeit_reason'),
    /** A claimed prize on its way (DESIGN §17): null before the claim. */
    delivery: deliveryStatus('delivery'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    // One win per user per prize: the draw can never pick someone twice.
    primaryKey({ columns: [t.prizeId, t.userId] }),
    index('wins_drawn_at_idx').on(t.drawnAt),
    // The public lists of who holds each place now, newest first.
    index('wins_held_newest_idx')
      .on(t.drawnAt.desc().nullsFirst(), t.position)
      .where(sql`${t.forfeitedAt} is null`),
    index('wins_user_idx').on(t.userId),
  ],
);

export const taskType = pgEnum('task_type', TASK_TYPES);
export const taskPlatform = pgEnum('task_platform', TASK_PLATFORMS);
export const repeatInterval = pgEnum('repeat_interval', REPEAT_INTERVALS);

export const tasks = pgTable('tasks', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: taskType('type').notNull(),
  platform: taskPlatform('platform').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  entriesReward: integer('entries_reward').notNull(),
  isRepeatable: boolean('is_repeatable').notNull().default(false),
  repeatInterval: repeatInterval('repeat_interval'),
  accountToFollow: text('account_to_follow'),
  postUrl: text('post_url'),
  /** Seconds; only videos use it. */
  adDuration: integer('ad_duration').notNull().default(DEFAULT_AD_SECONDS),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const ticketStatus = pgEnum('ticket_status', TICKET_STATUSES);

/** A message sent through the contact form: a ticket, open until answered by email, then closed. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    status: ticketStatus('status').notNull().default('open'),
    /** When the status last changed. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    /**
     * The member it is from: the one signed in when it was sent, or the one whose verified address sent
     * it. Their messages are theirs to read (My messages) before they verify (DESIGN §16).
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contact_messages_newest_idx').on(t.createdAt, t.id),
    index('contact_messages_status_idx').on(t.status, t.createdAt, t.id),
    index('contact_messages_email_idx').on(t.email, t.createdAt, t.id),
    // A member's own messages, newest first (My messages), and a data export's.
    index('contact_messages_user_idx').on(t.userId, t.createdAt, t.id),
  ],
);

/** An admin's answer to a ticket, emailed to its sender through the outbox. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.at)],
);

/**
 * Every email, queued in the transaction that decided to send it. A worker
 * delivers them over SMTP with retries; with no SMTP_URL they stay here, where
 * admins can read them.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The same letter laid out for a mail app, when it has one. */
    html: text('html'),
    /** Extra headers, such as List-Unsubscribe on optional mail. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** When it was last tried, whatever came of it. */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    // The mail health's day of counts, and its last error.
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_failed_idx').on(t.lastAttemptAt).where(sql`${t.lastError} is not null`),
    // A member's mail, for their data export.
    index('mail_outbox_to_idx').on(t.to),
  ],
);

export const taskCompletions = pgTable(
  'task_completions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entriesAwarded: integer('entries_awarded').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('task_completions_user_task_idx').on(t.userId, t.taskId, t.completedAt),
    // A member's completions in the order the data download pages them.
    index('task_completions_user_id_idx').on(t.userId, t.id),
  ],
);

/**
 * How many times each member completed each task, and when last: kept by statement triggers on
 * task_completions (migration 0045), one statement each, so a bulk insert is not a row's update per
 * completion. The achievements' counts, the wheel's ads and the task list read a row per task here,
 * however many thousands of completions a member has (DESIGN §11).
 */
export const taskCounts = pgTable(
  'task_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId] })],
);

/** A video ad being watched: issued by /start, good once, only after the ad's length and before it expires. */
export const adTickets = pgTable('ad_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  taskId: uuid('task_id')
    .notNull()
    .references(() => tasks.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Offer-wall conversions by the provider's transaction id, so a replayed postback changes nothing. */
export const offerProvider = pgEnum('offer_provider', OFFER_PROVIDERS);

/** An offer wall an admin set up (DESIGN §10). The environment's wall (OFFERWALL_*) has no row. */
export const offerWalls = pgTable('offer_walls', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  provider: offerProvider('provider').notNull(),
  /** The frame's address, with {userId} where the member's id goes. */
  frameUrl: text('frame_url').notNull(),
  /** The key the provider signs postbacks with: never sent back to anyone. */
  secret: text('secret').notNull(),
  /** Addresses and ranges postbacks may come from; empty allows any. */
  ipAllowlist: text('ip_allowlist').array().notNull().default(sql`'{}'::text[]`),
  entriesPerPound: integer('entries_per_pound').notNull(),
  active: boolean('active').notNull().default(true),
  /** Days the provider may still reverse a credit (DESIGN §19): the member's history says until when. */
  holdDays: integer('hold_days').notNull().default(OFFER_HOLD_DAYS_DEFAULT),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Each wall's running totals, kept with each postback: one row per wall and
 * shard (the member's, as daily_totals), so members' postbacks rarely queue on one row.
 */
export const offerWallTotals = pgTable(
  'offer_wall_totals',
  {
    wallId: uuid('wall_id')
      .notNull()
      .references(() => offerWalls.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull(),
    credits: integer('credits').notNull().default(0),
    reversals: integer('reversals').notNull().default(0),
    revenuePence: bigint('revenue_pence', { mode: 'number' }).notNull().default(0),
    entries: bigint('entries', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.wallId, t.shard] })],
);

export const offerTransactions = pgTable(
  'offer_transactions',
  {
    /** The provider's id, after the wall's id for a wall an admin set up: ids are unique per provider only. */
    transactionId: text('transaction_id').primaryKey(),
    /** The wall it came through; null for the environment's wall. */
    wallId: uuid('wall_id').references(() => offerWalls.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** What the provider said the site earned, in pence (converted from dollars at the configured rate). */
    payoutPence: integer('payout_pence').notNull().default(0),
    status: text('status', { enum: ['credited', 'reversed'] }).notNull(),
    createdAt: createdAt(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    /**
     * A credit's signature, where the provider's scheme runs its signed fields together with nothing
     * between them (Revtoo, Revlum): one signature credits once, however its fields are split.
     */
    signature: text('signature'),
  },
  (t) => [
    index('offer_transactions_user_idx').on(t.userId),
    uniqueIndex('offer_transactions_signature_key')
      .on(t.wallId, t.signature)
      .where(sql`${t.signature} is not null`),
  ],
);

/** The user's run of London days on which they opened the dashboard. */
export const streaks = pgTable(
  'streaks',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    current: integer('current').notNull(),
    longest: integer('longest').notNull(),
    /** The London calendar day of the last visit, YYYY-MM-DD. */
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  // The evening's reminder walks the streaks last kept yesterday, in member order.
  (t) => [index('streaks_last_day_idx').on(t.lastDay, t.userId)],
);

export const achievementId = pgEnum('achievement_id', ACHIEVEMENT_IDS);

/** Each achievement once per user: the primary key is what makes a reward paid once, however many triggers race. */
export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: achievementId('achievement_id').notNull(),
    awardedAt: timestamp('awarded_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] })],
);

export const leaderboardPeriod = pgEnum('leaderboard_period', LEADERBOARD_PERIODS);

/**
 * Entries earned per user per period (a London week, a month, all time),
 * moved by lib/ledger.ts in the same transaction as each credit, so
 * leaderboards never sum the ledger. `updatedAt` breaks ties: whoever got
 * there first ranks higher.
 */
export const entryTotals = pgTable(
  'entry_totals',
  {
    period: leaderboardPeriod('period').notNull(),
    /** First London day of the period, YYYY-MM-DD; all time uses one fixed day. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entries: integer('entries').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A member's own totals first: a credit's three rows share an index page, and the account's
    // export and erasure find them without reading every member's.
    primaryKey({ columns: [t.userId, t.period, t.periodStart] }),
    // The top 100 and a user's position both read this in rank order: the same order, nulls
    // included, as the queries' ORDER BY, or PostgreSQL sorts the whole period instead.
    index('entry_totals_rank_idx').on(
      t.period,
      t.periodStart,
      t.entries.desc().nullsFirst(),
      t.updatedAt,
      t.userId,
    ),
  ],
);

/**
 * Every few hundredth place of a period's ranking (features/gamification/rank-marks.ts): a
 * position is counted from the nearest mark ahead, so it costs the same at any depth. Kept here,
 * not in a process, so every instance shares one set and a restart finds it; rebuilt by one
 * INSERT … SELECT. A mark is a key of the ranking, not a reference: it holds when its member leaves.
 */
export const rankMarks = pgTable(
  'rank_marks',
  {
    period: leaderboardPeriod('period').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** The place this key held when the marks were built. */
    place: integer('place').notNull(),
    entries: integer('entries').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.periodStart, t.place] }),
    // The nearest mark ahead of a key: the rank order of entry_totals_rank_idx, read backwards.
    index('rank_marks_rank_idx').on(
      t.period,
      t.periodStart,
      t.entries.desc().nullsFirst(),
      t.updatedAt,
      t.userId,
    ),
  ],
);

/** When each period's marks were last built; null until they first are. Its row is locked while they are rebuilt. */
export const rankMarkBuilds = pgTable(
  'rank_mark_builds',
  {
    period: leaderboardPeriod('period').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.period, t.periodStart] })],
);

/** The weekly leaderboard prizes paid: one row per place per week, so a payout run twice pays once. */
export const leaderboardPayouts = pgTable(
  'leaderboard_payouts',
  {
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    rank: integer('rank').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entries: integer('entries').notNull(),
    amountPence: integer('amount_pence').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.weekStart, t.rank] }),
    uniqueIndex('leaderboard_payouts_week_user_key').on(t.weekStart, t.userId),
  ],
);

export const wheelPrizeId = pgEnum('wheel_prize_id', WHEEL_PRIZE_IDS);

/** Odds an admin has set, in basis points; a prize with no row keeps its default odds. */
export const wheelOdds = pgTable('wheel_odds', {
  prizeId: wheelPrizeId('prize_id').primaryKey(),
  basisPoints: integer('basis_points').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const wheelSpins = pgTable(
  'wheel_spins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prizeId: wheelPrizeId('prize_id').notNull(),
    spunAt: timestamp('spun_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('wheel_spins_user_idx').on(t.userId, t.spunAt)],
);

export const withdrawalMethod = pgEnum('withdrawal_method', WITHDRAWAL_METHODS);
export const withdrawalStatus = pgEnum('withdrawal_status', WITHDRAWAL_STATUSES);
export const payoutProvider = pgEnum('payout_provider', PAYOUT_PROVIDERS);

/**
 * A request to pay out cash, and its payout (DESIGN §17): the amount is held (debited) when requested and
 * returned if it is rejected, fails, comes back or is reversed.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    method: withdrawalMethod('method').notNull(),
    /** PayPal email, or sort code, account number and name: shown to admins only. */
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    status: withdrawalStatus('status').notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: uuid('settled_by').references(() => users.id),
    /** The payment provider's reference for a paid one (a PayPal transaction, a bank payment). */
    paymentReference: text('payment_reference'),
    /** A claimed cash prize's payout: the prize it pays (with userId, the win); null for a withdrawal of cash. */
    prizeId: uuid('prize_id').references(() => prizes.id, { onDelete: 'set null' }),
    /** Who pays it, chosen when it is sent: null until then. */
    provider: payoutProvider('provider'),
    /** The provider's ids once it has taken it: PayPal's payout batch and its item. */
    providerRef: text('provider_ref'),
    providerItemRef: text('provider_item_ref'),
    /** Why it failed, came back or was reversed, in words for its member. */
    failureReason: text('failure_reason'),
    /** A submission in hand until then: another waits, so one payout is sent by one worker at a time. */
    submittingUntil: timestamp('submitting_until', { withTimezone: true }),
    /** How many times it has been offered to the provider, for the wait before the next try. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    // Keyset pages and exports in request order, with or without a status: each page starts where the last ended.
    index('withdrawals_status_idx').on(t.status, t.requestedAt, t.id),
    index('withdrawals_requested_idx').on(t.requestedAt, t.id),
    // A member's own payouts, newest first, a page at a time.
    index('withdrawals_user_idx').on(t.userId, t.requestedAt, t.id),
    // One payout per win.
    uniqueIndex('withdrawals_win_key').on(t.prizeId, t.userId).where(sql`${t.prizeId} is not null`),
    check('withdrawals_amount_positive', sql`${t.amountPence} > 0`),
  ],
);

/** Each state a payout reached, once, and when: its timeline (DESIGN §17). */
export const withdrawalMoves = pgTable(
  'withdrawal_moves',
  {
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'cascade' }),
    status: withdrawalStatus('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.withdrawalId, t.status] })],
);

/** Providers' webhook events applied, by their id, so a replay changes nothing (DESIGN §17). */
export const payoutEvents = pgTable(
  'payout_events',
  {
    provider: payoutProvider('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Staff's internal notes on a member (DESIGN §12): who wrote what, when; the member never sees them. */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('member_notes_user_idx').on(t.userId, t.createdAt)],
);

/** The UK days a member played (entered or spun), and in which hours of each: the wellbeing signals read it. */
export const playDays = pgTable(
  'play_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Bit h set: played in the UK hour h of that day. */
    hours: integer('hours').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const wellbeingKind = pgEnum('wellbeing_kind', WELLBEING_KINDS);

/** A wellbeing signal raised once per run of days or per night (DESIGN §19), apart from fraud scores. */
export const wellbeingSignals = pgTable(
  'wellbeing_signals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: wellbeingKind('kind').notNull(),
    since: date('since', { mode: 'string' }).notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('wellbeing_signals_once').on(t.userId, t.kind, t.since),
    index('wellbeing_signals_newest_idx').on(t.raisedAt, t.id),
  ],
);

export const appealStatus = pgEnum('appeal_status', APPEAL_STATUSES);
export const appealedDecision = pgEnum('appealed_decision', ['held', 'suspended']);

/**
 * A member's appeal of a hold or a suspension (DESIGN §19): one per decision, the decision named by
 * what it was and when it was made; staff uphold or overturn it with a reason the member is told.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: appealedDecision('decision').notNull(),
    decisionAt: timestamp('decision_at', { withTimezone: true }).notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    status: appealStatus('status').notNull().default('open'),
    reply: text('reply'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('appeals_one_per_decision').on(t.userId, t.decision, t.decisionAt),
    // The review queue's appeals, the oldest waiting first.
    index('appeals_status_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** A member's report of an offer that did not credit (DESIGN §19), with its screenshot, until decided. */
export const missingCreditStatus = pgEnum('missing_credit_status', MISSING_CREDIT_STATUSES);
export const missingCredits = pgTable(
  'missing_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The wall it was on; null for the environment's wall. */
    wallId: uuid('wall_id').references(() => offerWalls.id),
    offerName: text('offer_name').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    expectedReward: integer('expected_reward').notNull(),
    screenshot: bytes('screenshot'),
    screenshotType: text('screenshot_type', { enum: SCREENSHOT_TYPES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    status: missingCreditStatus('status').notNull().default('open'),
    credited: integer('credited'),
    reply: text('reply'),
    /** The last time a credit of it was sent for approval; while that waits, it is not decided again. */
    approvalId: uuid('approval_id').references(() => approvals.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
  },
  (t) => [
    // The review queue's, the oldest waiting first; a member's own, the newest first.
    index('missing_credits_status_idx').on(t.status, t.createdAt, t.id),
    index('missing_credits_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Every sign-up and sign-in, with where it came from: the fraud signals compare accounts by these. */
export const signInKind = pgEnum('sign_in_kind', ['signup', 'signin']);
export const signIns = pgTable(
  'sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: signInKind('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    /** The IPv4 address, or the IPv6 /64 a household or phone is given: what "the same address" means. */
    network: text('network').notNull(),
    deviceId: text('device_id'),
  },
  (t) => [
    index('sign_ins_network_idx').on(t.network, t.at),
    index('sign_ins_device_idx').on(t.deviceId, t.at),
    index('sign_ins_user_idx').on(t.userId, t.at),
  ],
);

export const reviewStatus = pgEnum('review_status', REVIEW_STATUSES);

/**
 * A member's fraud signals and risk score as last worked out, and where they stand in the review
 * queue, which the Review tab reads highest score first.
 */
export const memberRisk = pgTable(
  'member_risk',
  {
    // No foreign key: a sign-in refreshes the risk of the accounts it shares an address with, and
    // a key would share-lock each of their rows, which their own sign-ins lock (members are never
    // deleted, only erased, so there is nothing to cascade).
    userId: uuid('user_id').primaryKey(),
    score: integer('score').notNull(),
    signals: jsonb('signals')
      .$type<
        Array<{ code: RiskSignalCode; detail: string; accounts: Array<{ id: string; username: string }> }>
      >()
      .notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    reviewStatus: reviewStatus('review_status').notNull().default('open'),
    /** The signals staff saw when they cleared or actioned the member (risk/review.ts): only another brings them back. */
    reviewedSignals: jsonb('reviewed_signals').$type<string[]>().notNull().default([]),
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('member_risk_queue_idx').on(t.reviewStatus, t.score, t.userId).where(sql`${t.score} > 0`),
    // The admin's search for members at or above a risk score: the few with any.
    index('member_risk_score_idx').on(t.score, t.userId).where(sql`${t.score} > 0`),
  ],
);

export const referralHoldStatus = pgEnum('referral_hold_status', REFERRAL_HOLD_STATUSES);

/**
 * A referral held for review instead of paid, because the friend signed up or
 * in from the referrer's own address or device (DESIGN §15). One per friend:
 * a referral is paid at most once.
 */
export const referralHolds = pgTable(
  'referral_holds',
  {
    friendId: uuid('friend_id')
      .primaryKey()
      .references(() => users.id),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id),
    shared: text('shared').notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull(),
    status: referralHoldStatus('status').notNull().default('held'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    note: text('note'),
  },
  (t) => [index('referral_holds_status_idx').on(t.status, t.heldAt, t.friendId)],
);

/**
 * One row per admin write, in the same transaction as the change. Append-only
 * (a trigger refuses UPDATE and DELETE) and hash-chained: each row's hash covers
 * the previous row's hash and its own canonical JSON, so an edit made behind the
 * application's back breaks the chain at that row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The admin, or null for the site's own scheduled jobs. */
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    summary: text('summary').notNull(),
    /** The fields changed, before and after. */
    changes: jsonb('changes').$type<{ before?: Record<string, unknown>; after?: Record<string, unknown> }>(),
    ip: text('ip'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    // Newest first is these read backwards.
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_target_idx').on(t.targetId, t.id),
  ],
);

/**
 * The chain's head as it stood each day (DESIGN §15): the last row's id and
 * hash and how many rows there were, signed with AUDIT_SIGNING_KEY (Ed25519),
 * which the database never holds. Rows cut from the end of the log leave a
 * head naming a row that is gone. Append-only like the log.
 */
export const auditHeads = pgTable('audit_heads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  /** Hex Ed25519 signature of features/audit/heads.ts's headMessage, or null without a key. */
  signature: text('signature'),
  /** The hex public key that checks it. */
  publicKey: text('public_key'),
});

/**
 * The analytics' daily totals (UK days), kept in the same transaction as each
 * ledger row. Each day's metric is split over a few shards by member, so
 * members crediting at once do not queue on one row; a read sums the shards.
 */
export const dailyTotals = pgTable(
  'daily_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    shard: smallint('shard').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.shard] })],
);

/**
 * How many rows a table holds, in 16 shards so that inserts at the same moment
 * rarely wait on one row. Statement triggers keep it (migration 0020), one
 * update per statement, so a bulk insert is not a million updates of one row;
 * the admin's count of members is then a sum of 16 rows, not a scan of them all.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    tableName: text('table_name').notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.shard] })],
);

/** Who has been active on a UK day, so each member counts once in that day's active members. */
export const dailyActive = pgTable(
  'daily_active',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/** An admin write sent with an Idempotency-Key: a retry with the same key gets the same answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** What was asked, so the same key for a different request is refused rather than answered. */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const replacementReason = pgEnum('replacement_reason', REPLACEMENT_REASONS);

/**
 * A winner's place passed on: `from` (disqualified, or unclaimed in time) to `to`,
 * the next participant in the draw's own ranking, with anyone passed over as not
 * eligible in between. Pseudonyms only, like the proof that lists these.
 */
export const drawReplacements = pgTable(
  'draw_replacements',
  {
    prizeId: uuid('prize_id')
      .notNull()
      .references(() => prizes.id, { onDelete: 'cascade' }),
    /** 1 for the first replacement in this prize, then 2… */
    seq: integer('seq').notNull(),
    place: integer('place').notNull(),
    fromPid: text('from_pid').notNull(),
    /** Null when nobody eligible was left: the place stays empty. */
    toPid: text('to_pid'),
    reason: replacementReason('reason').notNull(),
    skipped: text('skipped').array().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.prizeId, t.seq] }),
    uniqueIndex('draw_replacements_from_key').on(t.prizeId, t.fromPid),
  ],
);

export const notificationType = pgEnum('notification_type', NOTIFICATION_TYPES);

/**
 * What a member is told (DESIGN §9), written in the same transaction as the
 * event. `key` names the event, so a replay, a retried job or a second instance
 * finds it taken and tells nobody twice. Email and push go out afterwards, when
 * the dispatcher picks up what is not yet `dispatchedAt`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /** The email queued for it, when one was: staff see whether a winner's went out. */
    mailId: bigint('mail_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('notifications_user_key').on(t.userId, t.key),
    index('notifications_user_newest_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_undispatched_idx').on(t.id).where(sql`${t.dispatchedAt} is null`),
  ],
);

/** A member's choices of what they hear by email and push; no row means the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: jsonb('email').$type<TopicSwitches>().notNull(),
  push: jsonb('push').$type<TopicSwitches>().notNull(),
  /** When the member last ticked news by email: the record of their consent (PECR). */
  newsConsentAt: timestamp('news_consent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** A browser a member allowed to show pushes; the push service forgets it (404, 410) and so do we. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** A push waiting to be sent to one browser, retried with a growing pause until it goes or is given up. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
  },
  (t) => [
    index('push_deliveries_due_idx').on(t.nextAttemptAt, t.id),
    index('push_deliveries_notification_idx').on(t.notificationId),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
  ],
);

/** Keys the site makes once and keeps (the VAPID key pair, the unsubscribe links' key). */
export const siteKeys = pgTable('site_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

export const approvalKind = pgEnum('approval_kind', APPROVAL_KINDS);
export const approvalStatus = pgEnum('approval_status', APPROVAL_STATUSES);

/**
 * A change of money or of a draw one member of staff asked for and another must approve (DESIGN §12): what it
 * is (`payload`, as the asker's call gave it), and who decided. One waits per thing at a time.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: approvalKind('kind').notNull(),
    /** What it changes: the member, the withdrawal, the wheel, the prize, or the prize's place (id/place). */
    targetId: text('target_id').notNull(),
    payload: jsonb('payload').notNull(),
    summary: text('summary').notNull(),
    status: approvalStatus('status').notNull().default('pending'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
  },
  (t) => [
    // One waits per withdrawal, prize, place and the wheel at a time; a member may have several
    // corrections waiting, one per change (DESIGN §16).
    uniqueIndex('approvals_one_pending_key')
      .on(t.kind, t.targetId)
      .where(sql`${t.status} = 'pending' and ${t.kind} <> 'correction'`),
    index('approvals_status_idx').on(t.status, t.requestedAt),
  ],
);

/**
 * Money a member of staff moved alone (DESIGN §16): each correction and payout made without a second
 * person, in pence or entries, either way. Four eyes count these over a day, per member and per
 * member of staff; what a second person approved is not here.
 */
export const soloMoneyMoves = pgTable(
  'solo_money_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    account: text('account', { enum: ['entries', 'cash'] }).notNull(),
    amount: integer('amount').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('solo_money_moves_member_idx').on(t.memberId, t.account, t.at),
    index('solo_money_moves_staff_idx').on(t.staffId, t.account, t.at),
    check('solo_money_moves_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Invitations to join the staff, sent to an address no account has yet (DESIGN §16): the emailed link's
 * token is kept hashed and spent once, within its time; accepting it makes the account with the role.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased, as users.email is. */
    email: text('email').notNull(),
    role: staffRole('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_key').on(t.tokenHash),
    // The Staff tab's list: those neither accepted nor withdrawn, newest first.
    index('staff_invitations_open_idx')
      .on(t.createdAt)
      .where(sql`${t.acceptedAt} is null and ${t.withdrawnAt} is null`),
  ],
);

/**
 * The public log (DESIGN §18, features/transparency): public events as leaves of an RFC 9162 tree,
 * never changed once written. A leaf is appended inside the transaction of what it records, in `id`
 * order; `position`, its index in the tree, is given once it has committed, to every waiting leaf at
 * once under one lock (log.ts), so positions have no gaps. `data` is the exact leaf (canonical JSON),
 * `hash` its leaf hash. An entry's leaf names the prize and the member's pseudonym in it, so a member
 * finds their receipts; nothing here names a person.
 */
export const logLeaves = pgTable(
  'log_leaves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    position: bigint('position', { mode: 'number' }).unique(),
    kind: text('kind').notNull(),
    data: bytes('data').notNull(),
    hash: bytes('hash').notNull(),
    prizeId: uuid('prize_id'),
    pid: text('pid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('log_leaves_waiting_idx').on(t.id).where(sql`${t.position} is null`),
    index('log_leaves_receipts_idx').on(t.prizeId, t.pid, t.position).where(sql`${t.pid} is not null`),
    // The few leaves of each kind but entries (the audit chain's heads, draws), without reading every entry.
    index('log_leaves_kind_idx').on(t.kind, t.id).where(sql`${t.kind} <> 'entry'`),
  ],
);

/** The log tree's complete subtrees (features/transparency/tree.ts): leaves [index·2^level, (index+1)·2^level). */
export const logNodes = pgTable(
  'log_nodes',
  {
    level: smallint('level').notNull(),
    index: bigint('index', { mode: 'number' }).notNull(),
    hash: bytes('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.index] })],
);

/** Every signed checkpoint of the log, as published: the C2SP signed note and what it states. */
export const logCheckpoints = pgTable('log_checkpoints', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  root: bytes('root').notNull(),
  note: text('note').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
});
