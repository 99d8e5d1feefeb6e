-- Every holder gets a pseudonym now: 122 random bits from a version 4 UUID, as hex.
ALTER TABLE "prize_entries" ADD COLUMN "pid" text;--> statement-breakpoint
UPDATE "prize_entries" SET "pid" = replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
-- In prizes already drawn, holders keep the name their proof used: their user id.
UPDATE "prize_entries" SET "pid" = "user_id"::text
  WHERE "prize_id" IN (SELECT "id" FROM "prizes" WHERE "drawn_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "prize_entries" ALTER COLUMN "pid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "snapshot_at" timestamp with time zone;--> statement-breakpoint
-- Draws made before pseudonyms named winners by user id in their proofs; that stays their name there.
ALTER TABLE "wins" ADD COLUMN "pid" text;--> statement-breakpoint
UPDATE "wins" SET "pid" = "user_id"::text;--> statement-breakpoint
ALTER TABLE "wins" ALTER COLUMN "pid" SET NOT NULL;--> statement-breakpoint
UPDATE "prizes" SET "snapshot_at" = "drawn_at" WHERE "drawn_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "prize_entries_prize_pid_key" ON "prize_entries" USING btree ("prize_id","pid");
