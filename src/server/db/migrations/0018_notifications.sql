CREATE TYPE "public"."notification_type" AS ENUM('win', 'draw_result', 'prize_closing', 'offer_credited', 'offer_reversed', 'achievement', 'withdrawal_paid', 'withdrawal_rejected', 'adjustment', 'streak_at_risk');--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" jsonb NOT NULL,
	"push" jsonb NOT NULL,
	"news_consent_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "notification_type" NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "closing_noticed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "results_noticed_at" timestamp with time zone;--> statement-breakpoint
-- Prizes drawn before notifications existed are not announced to their participants now.
UPDATE "prizes" SET "results_noticed_at" = "drawn_at" WHERE "drawn_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_key" ON "notifications" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "notifications_user_newest_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_undispatched_idx" ON "notifications" USING btree ("id") WHERE "notifications"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" USING btree ("next_attempt_at","id");--> statement-breakpoint
CREATE INDEX "push_deliveries_notification_idx" ON "push_deliveries" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_subscription_idx" ON "push_deliveries" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "streaks_last_day_idx" ON "streaks" USING btree ("last_day","user_id");--> statement-breakpoint
-- Live events (DESIGN §9): what a member should see at once is announced on one channel as it
-- commits, to every instance listening (src/server/features/live). Triggers, so no write can forget.
CREATE FUNCTION member_balance_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_events', json_build_object(
    'u', NEW.id, 'e', 'balance',
    'd', json_build_object('availableEntries', NEW.available_entries, 'totalEntries', NEW.total_entries,
                           'cash', round(NEW.cash_pence / 100.0, 2)))::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_balance_announce
  AFTER UPDATE OF available_entries, total_entries, cash_pence ON users
  FOR EACH ROW
  WHEN (OLD.available_entries IS DISTINCT FROM NEW.available_entries
        OR OLD.total_entries IS DISTINCT FROM NEW.total_entries
        OR OLD.cash_pence IS DISTINCT FROM NEW.cash_pence)
  EXECUTE FUNCTION member_balance_announce();
--> statement-breakpoint
CREATE FUNCTION notification_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_events', json_build_object(
    'u', NEW.user_id, 'e', 'notification',
    'd', json_build_object(
      'notification', json_build_object(
        '_id', NEW.id::text, 'type', NEW.type, 'title', NEW.title, 'body', NEW.body, 'link', NEW.link,
        'createdAt', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'readAt', NULL),
      'unread', (SELECT count(*) FROM notifications WHERE user_id = NEW.user_id AND read_at IS NULL)))::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_announce
  AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION notification_announce();
--> statement-breakpoint
-- Marking read (one or all) tells the member's other devices the new count, once per member.
CREATE FUNCTION notifications_read_announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member uuid;
BEGIN
  FOR member IN
    SELECT DISTINCT c.user_id FROM changed c JOIN before b ON b.id = c.id
     WHERE c.read_at IS DISTINCT FROM b.read_at
  LOOP
    PERFORM pg_notify('member_events', json_build_object(
      'u', member, 'e', 'unread',
      'd', json_build_object('unread',
        (SELECT count(*) FROM notifications WHERE user_id = member AND read_at IS NULL)))::text);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_read_announce
  AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_read_announce();
--> statement-breakpoint
-- A session signed out, ended by an admin or cut short closes its live connections at once. The daily
-- clean-up's deletions of sessions already expired say nothing.
CREATE FUNCTION session_end_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_events', json_build_object('u', OLD.user_id, 'e', 'session_end', 's', OLD.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_delete_announce
  AFTER DELETE ON sessions
  FOR EACH ROW WHEN (OLD.expires_at > now())
  EXECUTE FUNCTION session_end_announce();
--> statement-breakpoint
CREATE TRIGGER sessions_shortened_announce
  AFTER UPDATE OF expires_at ON sessions
  FOR EACH ROW WHEN (NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION session_end_announce();
