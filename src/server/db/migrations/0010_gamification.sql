CREATE TYPE "public"."achievement_id" AS ENUM('first_login', 'first_task', 'first_entry', 'streak_3', 'streak_7', 'streak_14', 'streak_30', 'ads_10', 'ads_50', 'ads_100', 'ads_500', 'surveys_5', 'surveys_10', 'referral_1', 'referral_5', 'referral_10', 'first_win', 'win_3', 'entries_1000', 'entries_5000', 'entries_10000', 'level_5', 'level_10', 'level_25');--> statement-breakpoint
CREATE TYPE "public"."leaderboard_period" AS ENUM('weekly', 'monthly', 'alltime');--> statement-breakpoint
CREATE TYPE "public"."wheel_prize_id" AS ENUM('entries_10', 'entries_50', 'cash_1', 'cash_5');--> statement-breakpoint
CREATE TYPE "public"."withdrawal_method" AS ENUM('paypal', 'bank');--> statement-breakpoint
CREATE TYPE "public"."withdrawal_status" AS ENUM('pending', 'paid', 'rejected');--> statement-breakpoint
CREATE TABLE "entry_totals" (
	"period" "leaderboard_period" NOT NULL,
	"period_start" date NOT NULL,
	"user_id" uuid NOT NULL,
	"entries" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "entry_totals_period_period_start_user_id_pk" PRIMARY KEY("period","period_start","user_id")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_payouts" (
	"week_start" date NOT NULL,
	"rank" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"entries" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leaderboard_payouts_week_start_rank_pk" PRIMARY KEY("week_start","rank")
);
--> statement-breakpoint
CREATE TABLE "streaks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"current" integer NOT NULL,
	"longest" integer NOT NULL,
	"last_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"user_id" uuid NOT NULL,
	"achievement_id" "achievement_id" NOT NULL,
	"awarded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_achievements_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
CREATE TABLE "wheel_odds" (
	"prize_id" "wheel_prize_id" PRIMARY KEY NOT NULL,
	"basis_points" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wheel_spins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"prize_id" "wheel_prize_id" NOT NULL,
	"spun_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"method" "withdrawal_method" NOT NULL,
	"details" jsonb NOT NULL,
	"status" "withdrawal_status" DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" uuid,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "entry_totals" ADD CONSTRAINT "entry_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_payouts" ADD CONSTRAINT "leaderboard_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streaks" ADD CONSTRAINT "streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_totals_rank_idx" ON "entry_totals" USING btree ("period","period_start","entries" DESC NULLS FIRST,"updated_at","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_payouts_week_user_key" ON "leaderboard_payouts" USING btree ("week_start","user_id");--> statement-breakpoint
CREATE INDEX "wheel_spins_user_idx" ON "wheel_spins" USING btree ("user_id","spun_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","requested_at");--> statement-breakpoint
-- Accounts that already exist keep what they earned: all time from their lifetime count (the
-- all-time period starts on 1970-01-01, as lib/london.ts says; ties there go to the older
-- account), each London week and month from the ledger's credits (refunds of cancelled prizes
-- were never earned).
INSERT INTO "entry_totals" ("period", "period_start", "user_id", "entries", "updated_at")
SELECT 'alltime', DATE '1970-01-01', "id", "total_entries", "created_at" FROM "users" WHERE "total_entries" > 0;--> statement-breakpoint
INSERT INTO "entry_totals" ("period", "period_start", "user_id", "entries", "updated_at")
SELECT p.period::"leaderboard_period", p.start, l."user_id", sum(l."amount"), max(l."created_at")
FROM "ledger_entries" l
CROSS JOIN LATERAL (VALUES
  ('weekly', date_trunc('week', l."created_at" AT TIME ZONE 'Europe/London')::date),
  ('monthly', date_trunc('month', l."created_at" AT TIME ZONE 'Europe/London')::date)
) AS p(period, start)
WHERE l."account" = 'entries' AND l."amount" > 0 AND l."reason" <> 'prize_cancelled_refund'
GROUP BY p.period, p.start, l."user_id";
