CREATE INDEX "member_risk_score_idx" ON "member_risk" USING btree ("score","user_id") WHERE "member_risk"."score" > 0;--> statement-breakpoint
CREATE INDEX "users_suspended_newest_idx" ON "users" USING btree ("created_at","id") WHERE "users"."suspended_at" is not null;--> statement-breakpoint
CREATE INDEX "users_deleted_newest_idx" ON "users" USING btree ("created_at","id") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "users_on_break_newest_idx" ON "users" USING btree ("created_at","id") WHERE "users"."break_for_good" or "users"."break_until" is not null;--> statement-breakpoint
CREATE INDEX "users_held_newest_idx" ON "users" USING btree ("created_at","id") WHERE "users"."cashouts_held_at" is not null;