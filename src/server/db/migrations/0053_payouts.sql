CREATE TYPE "public"."payout_provider" AS ENUM('paypal', 'tremendous', 'manual');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'withdrawal_update' BEFORE 'adjustment';--> statement-breakpoint
ALTER TYPE "public"."withdrawal_status" ADD VALUE 'approved' BEFORE 'paid';--> statement-breakpoint
ALTER TYPE "public"."withdrawal_status" ADD VALUE 'submitted' BEFORE 'paid';--> statement-breakpoint
ALTER TYPE "public"."withdrawal_status" ADD VALUE 'unclaimed' BEFORE 'rejected';--> statement-breakpoint
ALTER TYPE "public"."withdrawal_status" ADD VALUE 'failed' BEFORE 'rejected';--> statement-breakpoint
ALTER TYPE "public"."withdrawal_status" ADD VALUE 'returned' BEFORE 'rejected';--> statement-breakpoint
ALTER TYPE "public"."withdrawal_status" ADD VALUE 'reversed' BEFORE 'rejected';--> statement-breakpoint
CREATE TABLE "payout_events" (
	"provider" "payout_provider" NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_moves" (
	"withdrawal_id" uuid NOT NULL,
	"status" "withdrawal_status" NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawal_moves_withdrawal_id_status_pk" PRIMARY KEY("withdrawal_id","status")
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "provider" "payout_provider";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "provider_item_ref" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "submitting_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_moves" ADD CONSTRAINT "withdrawal_moves_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Every payout so far was paid or rejected by hand: its timeline is its request and, once settled, that.
INSERT INTO "withdrawal_moves" ("withdrawal_id", "status", "at")
SELECT "id", 'pending', "requested_at" FROM "withdrawals";
--> statement-breakpoint
INSERT INTO "withdrawal_moves" ("withdrawal_id", "status", "at")
SELECT "id", "status", "settled_at" FROM "withdrawals" WHERE "status" IN ('paid', 'rejected') AND "settled_at" IS NOT NULL;
--> statement-breakpoint
UPDATE "withdrawals" SET "provider" = 'manual' WHERE "status" = 'paid';
