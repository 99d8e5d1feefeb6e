ALTER TABLE "mail_outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_failed_idx" ON "mail_outbox" USING btree ("last_attempt_at") WHERE "mail_outbox"."last_error" is not null;--> statement-breakpoint
-- Mail tried before this was kept: no later than it was sent, or than it was queued when it was not.
UPDATE "mail_outbox" SET "last_attempt_at" = coalesce("sent_at", "created_at") WHERE "attempts" > 0;