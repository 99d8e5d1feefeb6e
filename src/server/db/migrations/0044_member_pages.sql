DROP INDEX "prize_entries_user_idx";--> statement-breakpoint
DROP INDEX "withdrawals_user_idx";--> statement-breakpoint
CREATE INDEX "prize_entries_user_newest_idx" ON "prize_entries" USING btree ("user_id","updated_at","prize_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","requested_at","id");