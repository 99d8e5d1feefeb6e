-- A member's own totals lead the key: a credit's three rows share one index page, and an account's
-- export and erasure find its rows without reading every member's (a million members hold three each).
ALTER TABLE "entry_totals" DROP CONSTRAINT "entry_totals_period_period_start_user_id_pk";--> statement-breakpoint
ALTER TABLE "entry_totals" ADD CONSTRAINT "entry_totals_user_id_period_period_start_pk" PRIMARY KEY("user_id","period","period_start");