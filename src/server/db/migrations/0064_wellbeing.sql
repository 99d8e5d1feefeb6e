CREATE TYPE "public"."wellbeing_kind" AS ENUM('days_in_a_row', 'night');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'wellbeing' BEFORE 'staff_complaint';--> statement-breakpoint
CREATE TABLE "play_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hours" integer NOT NULL,
	CONSTRAINT "play_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "wellbeing_signals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "wellbeing_kind" NOT NULL,
	"since" date NOT NULL,
	"raised_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_days" ADD CONSTRAINT "play_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wellbeing_signals" ADD CONSTRAINT "wellbeing_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wellbeing_signals_once" ON "wellbeing_signals" USING btree ("user_id","kind","since");--> statement-breakpoint
CREATE INDEX "wellbeing_signals_newest_idx" ON "wellbeing_signals" USING btree ("raised_at","id");