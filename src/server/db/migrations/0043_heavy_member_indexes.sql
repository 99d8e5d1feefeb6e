DROP INDEX "users_referred_by_idx";--> statement-breakpoint
CREATE INDEX "ledger_entries_referrals_idx" ON "ledger_entries" USING btree ("user_id") WHERE "ledger_entries"."reason" = 'referral';--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by","created_at") WHERE "users"."referred_by" is not null;