CREATE TYPE "public"."prize_status" AS ENUM('draft', 'active', 'ready_to_draw', 'drawn', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."prize_type" AS ENUM('cash', 'electronics', 'giftcard', 'physical');--> statement-breakpoint
CREATE TYPE "public"."repeat_interval" AS ENUM('hourly', 'daily', 'weekly');--> statement-breakpoint
CREATE TYPE "public"."task_platform" AS ENUM('twitter', 'instagram', 'youtube', 'admob', 'survey', 'affiliate');--> statement-breakpoint
CREATE TYPE "public"."task_type" AS ENUM('twitter_follow', 'twitter_retweet', 'twitter_like', 'instagram_follow', 'instagram_like', 'youtube_subscribe', 'youtube_like', 'watch_video_ad', 'watch_rewarded_ad', 'complete_survey', 'app_install', 'app_trial', 'game_trial', 'email_signup', 'referral', 'affiliate_click', 'affiliate_purchase');--> statement-breakpoint
-- One spelling per prize type: SPEC's filter says giftcard.
UPDATE "prizes" SET "type" = 'giftcard' WHERE "type" = 'gift_card';--> statement-breakpoint
ALTER TABLE "prizes" ALTER COLUMN "type" SET DATA TYPE "public"."prize_type" USING "type"::"public"."prize_type";--> statement-breakpoint
-- The text default cannot be cast along with the column: drop it, change the type, set it again.
ALTER TABLE "prizes" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "prizes" ALTER COLUMN "status" SET DATA TYPE "public"."prize_status" USING "status"::"public"."prize_status";--> statement-breakpoint
ALTER TABLE "prizes" ALTER COLUMN "status" SET DEFAULT 'draft'::"public"."prize_status";--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "type" SET DATA TYPE "public"."task_type" USING "type"::"public"."task_type";--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "platform" SET DATA TYPE "public"."task_platform" USING "platform"::"public"."task_platform";--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "repeat_interval" SET DATA TYPE "public"."repeat_interval" USING "repeat_interval"::"public"."repeat_interval";--> statement-breakpoint
UPDATE "tasks" SET "ad_duration" = 30 WHERE "ad_duration" IS NULL;--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "ad_duration" SET DEFAULT 30;--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "ad_duration" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;