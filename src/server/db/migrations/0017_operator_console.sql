CREATE TYPE "public"."replacement_reason" AS ENUM('disqualified', 'unclaimed');--> statement-breakpoint
CREATE TYPE "public"."sign_in_kind" AS ENUM('signup', 'signin');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('open', 'answered', 'closed');--> statement-breakpoint
ALTER TYPE "public"."forfeit_reason" ADD VALUE 'disqualified';--> statement-breakpoint
ALTER TYPE "public"."forfeit_reason" ADD VALUE 'unclaimed';--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"summary" text NOT NULL,
	"changes" jsonb,
	"ip" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"admin_id" uuid NOT NULL,
	"body" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_active" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "daily_active_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "daily_totals" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"shard" smallint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "daily_totals_day_metric_shard_pk" PRIMARY KEY("day","metric","shard")
);
--> statement-breakpoint
CREATE TABLE "draw_replacements" (
	"prize_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"place" integer NOT NULL,
	"from_pid" text NOT NULL,
	"to_pid" text,
	"reason" "replacement_reason" NOT NULL,
	"skipped" text[] NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "draw_replacements_prize_id_seq_pk" PRIMARY KEY("prize_id","seq")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"actor_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_actor_id_key_pk" PRIMARY KEY("actor_id","key")
);
--> statement-breakpoint
CREATE TABLE "member_risk" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"score" integer NOT NULL,
	"signals" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "sign_in_kind" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"network" text NOT NULL,
	"device_id" text
);
--> statement-breakpoint
DROP INDEX "ledger_entries_user_idx";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "status" "ticket_status" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cashouts_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cashouts_hold_reason" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_replacements" ADD CONSTRAINT "draw_replacements_prize_id_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."prizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_id","id");--> statement-breakpoint
CREATE INDEX "contact_replies_message_idx" ON "contact_replies" USING btree ("message_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_replacements_from_key" ON "draw_replacements" USING btree ("prize_id","from_pid");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "member_risk_score_idx" ON "member_risk" USING btree ("score","user_id") WHERE "member_risk"."score" > 0;--> statement-breakpoint
CREATE INDEX "sign_ins_network_idx" ON "sign_ins" USING btree ("network","at");--> statement-breakpoint
CREATE INDEX "sign_ins_device_idx" ON "sign_ins" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "sign_ins_user_idx" ON "sign_ins" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "contact_messages_newest_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_account_idx" ON "ledger_entries" USING btree ("user_id","account","created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_newest_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
-- A message an admin had marked handled is a closed ticket.
UPDATE "contact_messages" SET "status" = 'closed', "updated_at" = "handled_at" WHERE "handled_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "handled_at";--> statement-breakpoint
-- The audit log is history: rows are only ever added, and each one's hash covers the one before.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- The analytics' daily totals for the ledger so far, as src/server/lib/daily-totals.ts keeps them from
-- now on: UK days, each member's amounts in the shard of the last hex digit of their id.
CREATE TEMPORARY TABLE ledger_days ON COMMIT DROP AS
SELECT (l.created_at AT TIME ZONE 'Europe/London')::date AS day,
       l.user_id,
       position(right(l.user_id::text, 1) in '0123456789abcdef') - 1 AS shard,
       l.account,
       CASE WHEN l.reason = 'task' AND t.type IN ('watch_video_ad', 'watch_rewarded_ad') THEN 'ad' ELSE l.reason END AS reason,
       l.amount
  FROM ledger_entries l
  LEFT JOIN tasks t ON l.reason = 'task' AND t.id::text = l.reference;
--> statement-breakpoint
INSERT INTO daily_totals (day, metric, shard, amount)
SELECT day, metric, shard, sum(amount * sign)
  FROM (
    SELECT day, shard, amount,
           CASE
             WHEN account = 'entries' AND reason = 'welcome_bonus' THEN 'earned:welcome'
             WHEN account = 'entries' AND reason = 'task' THEN 'earned:tasks'
             WHEN account = 'entries' AND reason = 'ad' THEN 'earned:ads'
             WHEN account = 'entries' AND reason IN ('offer', 'offer_reversal') THEN 'earned:offers'
             WHEN account = 'entries' AND reason = 'referral' THEN 'earned:referrals'
             WHEN account = 'entries' AND reason = 'streak_bonus' THEN 'earned:streaks'
             WHEN account = 'entries' AND reason = 'achievement' THEN 'earned:achievements'
             WHEN account = 'entries' AND reason = 'wheel' THEN 'earned:wheel'
             WHEN account = 'entries' AND reason IN ('prize_entry', 'prize_cancelled_refund', 'entries_withdrawn') THEN 'spent'
             WHEN account = 'cash' AND reason IN ('wheel', 'leaderboard_prize') THEN 'cash_won'
           END AS metric,
           CASE WHEN reason IN ('prize_entry', 'prize_cancelled_refund', 'entries_withdrawn') THEN -1 ELSE 1 END AS sign
      FROM ledger_days
  ) m
 WHERE metric IS NOT NULL
 GROUP BY day, metric, shard;
--> statement-breakpoint
INSERT INTO daily_totals (day, metric, shard, amount)
SELECT day, 'active', shard, count(DISTINCT user_id)
  FROM ledger_days
 WHERE reason IN ('welcome_bonus', 'task', 'ad', 'offer', 'streak_bonus', 'achievement', 'wheel', 'prize_entry', 'withdrawal')
 GROUP BY day, shard;
--> statement-breakpoint
-- Today's active members, so each counts once more today at most.
INSERT INTO daily_active (day, user_id)
SELECT DISTINCT day, user_id
  FROM ledger_days
 WHERE day >= (now() AT TIME ZONE 'Europe/London')::date - 1
   AND reason IN ('welcome_bonus', 'task', 'ad', 'offer', 'streak_bonus', 'achievement', 'wheel', 'prize_entry', 'withdrawal');
--> statement-breakpoint
INSERT INTO daily_totals (day, metric, shard, amount)
SELECT (created_at AT TIME ZONE 'Europe/London')::date, 'signups', position(right(id::text, 1) in '0123456789abcdef') - 1, count(*)
  FROM users
 WHERE NOT is_admin
 GROUP BY 1, 3;
--> statement-breakpoint
INSERT INTO daily_totals (day, metric, shard, amount)
SELECT (settled_at AT TIME ZONE 'Europe/London')::date, 'cash_paid', position(right(user_id::text, 1) in '0123456789abcdef') - 1, sum(amount_pence)
  FROM withdrawals
 WHERE status = 'paid' AND settled_at IS NOT NULL
 GROUP BY 1, 3;