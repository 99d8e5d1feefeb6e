CREATE TYPE "public"."referral_hold_status" AS ENUM('held', 'paid', 'refused');--> statement-breakpoint
CREATE TABLE "referral_holds" (
	"friend_id" uuid PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"shared" text NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"status" "referral_hold_status" DEFAULT 'held' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "referral_holds" ADD CONSTRAINT "referral_holds_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_holds" ADD CONSTRAINT "referral_holds_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_holds" ADD CONSTRAINT "referral_holds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_holds_status_idx" ON "referral_holds" USING btree ("status","held_at","friend_id");