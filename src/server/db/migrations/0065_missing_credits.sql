CREATE TYPE "public"."missing_credit_status" AS ENUM('open', 'credited', 'refused');--> statement-breakpoint
ALTER TYPE "public"."approval_kind" ADD VALUE 'missing_credit';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'missing_credit' BEFORE 'wellbeing';--> statement-breakpoint
CREATE TABLE "missing_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"wall_id" uuid,
	"offer_name" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"expected_reward" integer NOT NULL,
	"screenshot" "bytea",
	"screenshot_type" text,
	"created_at" timestamp with time zone NOT NULL,
	"status" "missing_credit_status" DEFAULT 'open' NOT NULL,
	"credited" integer,
	"reply" text,
	"approval_id" uuid,
	"decided_at" timestamp with time zone,
	"decided_by" uuid
);
--> statement-breakpoint
ALTER TABLE "missing_credits" ADD CONSTRAINT "missing_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missing_credits" ADD CONSTRAINT "missing_credits_wall_id_offer_walls_id_fk" FOREIGN KEY ("wall_id") REFERENCES "public"."offer_walls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missing_credits" ADD CONSTRAINT "missing_credits_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missing_credits" ADD CONSTRAINT "missing_credits_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "missing_credits_status_idx" ON "missing_credits" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "missing_credits_user_idx" ON "missing_credits" USING btree ("user_id","created_at");