-- Counts become per account and address: the old per-account counts are short-lived, so they start again.
DELETE FROM "login_failures";--> statement-breakpoint
ALTER TABLE "login_failures" DROP CONSTRAINT "login_failures_pkey";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "address" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_email_address_pk" PRIMARY KEY("email","address");
