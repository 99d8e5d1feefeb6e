ALTER TYPE "public"."notification_type" ADD VALUE 'staff_decision';--> statement-breakpoint
CREATE TABLE "solo_money_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "solo_money_moves_amount_positive" CHECK ("solo_money_moves"."amount" > 0)
);
--> statement-breakpoint
DROP INDEX "approvals_one_pending_key";--> statement-breakpoint
ALTER TABLE "solo_money_moves" ADD CONSTRAINT "solo_money_moves_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_money_moves" ADD CONSTRAINT "solo_money_moves_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solo_money_moves_member_idx" ON "solo_money_moves" USING btree ("member_id","account","at");--> statement-breakpoint
CREATE INDEX "solo_money_moves_staff_idx" ON "solo_money_moves" USING btree ("staff_id","account","at");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_one_pending_key" ON "approvals" USING btree ("kind","target_id") WHERE "approvals"."status" = 'pending' and "approvals"."kind" <> 'correction';