ALTER TABLE "prizes" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "cancel_reason" text;