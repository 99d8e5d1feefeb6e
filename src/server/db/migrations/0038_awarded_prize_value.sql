CREATE INDEX "prizes_drawn_at_idx" ON "prizes" USING btree ("drawn_at") WHERE "prizes"."drawn_at" is not null;--> statement-breakpoint
-- The prize value is read from the prizes themselves now (analytics/repository.ts).
DELETE FROM "daily_totals" WHERE "metric" = 'prize_value';
