CREATE TYPE "public"."staff_role" AS ENUM('owner', 'admin', 'finance', 'support');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" "staff_role";--> statement-breakpoint
-- Each admin of before keeps what they could do; ADMIN_EMAIL's account becomes the owner at start-up.
UPDATE "users" SET "staff_role" = 'admin' WHERE "is_admin";--> statement-breakpoint
-- Staff never play: they leave the leaderboards.
DELETE FROM "entry_totals" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "is_admin");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_admin";