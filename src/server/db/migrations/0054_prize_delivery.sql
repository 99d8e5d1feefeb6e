CREATE TYPE "public"."delivery_status" AS ENUM('fulfilling', 'dispatched', 'delivered');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'prize_delivery' BEFORE 'adjustment';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'staff_delivery';--> statement-breakpoint
ALTER TYPE "public"."withdrawal_method" ADD VALUE 'giftcard';--> statement-breakpoint
ALTER TABLE "wins" ADD COLUMN "delivery" "delivery_status";--> statement-breakpoint
ALTER TABLE "wins" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "wins" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "wins" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wins" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "prize_id" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_prize_id_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."prizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_win_key" ON "withdrawals" USING btree ("prize_id","user_id") WHERE "withdrawals"."prize_id" is not null;
--> statement-breakpoint
-- Prizes claimed before now are on their way, as far as the site knows: staff mark them dispatched and delivered.
UPDATE "wins" SET "delivery" = 'fulfilling' WHERE "claimed_at" IS NOT NULL AND "forfeited_at" IS NULL;
--> statement-breakpoint
-- Cash prizes claimed before had no payment step: each gets its payout, to be sent, or marked paid with the
-- reference of a payment made by hand.
INSERT INTO "withdrawals" ("user_id", "prize_id", "amount_pence", "method", "details", "status", "requested_at")
SELECT w."user_id", w."prize_id", p."value_pence",
  (w."delivery_details"::jsonb -> 'payout' ->> 'method')::"withdrawal_method",
  (w."delivery_details"::jsonb -> 'payout') - 'method',
  'pending', w."claimed_at"
FROM "wins" w JOIN "prizes" p ON p."id" = w."prize_id"
WHERE p."type" = 'cash' AND w."claimed_at" IS NOT NULL AND w."forfeited_at" IS NULL
  AND w."delivery_details" IS NOT NULL AND (w."delivery_details"::jsonb -> 'payout' ->> 'method') IN ('paypal', 'bank')
  AND p."value_pence" > 0;
--> statement-breakpoint
INSERT INTO "withdrawal_moves" ("withdrawal_id", "status", "at")
SELECT "id", 'pending', "requested_at" FROM "withdrawals" WHERE "prize_id" IS NOT NULL
ON CONFLICT DO NOTHING;
