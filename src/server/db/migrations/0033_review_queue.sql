CREATE TYPE "public"."review_status" AS ENUM('open', 'cleared', 'actioned');--> statement-breakpoint
DROP INDEX "member_risk_score_idx";--> statement-breakpoint
ALTER TABLE "member_risk" ADD COLUMN "review_status" "review_status" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_risk" ADD COLUMN "reviewed_signals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "member_risk" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "member_risk" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "member_risk" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "member_risk_queue_idx" ON "member_risk" USING btree ("review_status","score","user_id") WHERE "member_risk"."score" > 0;