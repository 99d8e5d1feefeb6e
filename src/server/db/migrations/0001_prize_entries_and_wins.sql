CREATE TABLE "prize_entries" (
	"prize_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"entries" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prize_entries_prize_id_user_id_pk" PRIMARY KEY("prize_id","user_id"),
	CONSTRAINT "prize_entries_positive" CHECK ("prize_entries"."entries" > 0)
);
--> statement-breakpoint
CREATE TABLE "wins" (
	"prize_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	"notified" boolean DEFAULT false NOT NULL,
	"notified_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"delivery_details" text,
	CONSTRAINT "wins_prize_id_user_id_pk" PRIMARY KEY("prize_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "seed" text;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "commitment" text;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "snapshot_hash" text;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "drawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prize_entries" ADD CONSTRAINT "prize_entries_prize_id_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."prizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_entries" ADD CONSTRAINT "prize_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wins" ADD CONSTRAINT "wins_prize_id_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."prizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wins" ADD CONSTRAINT "wins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prize_entries_user_idx" ON "prize_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wins_drawn_at_idx" ON "wins" USING btree ("drawn_at");--> statement-breakpoint
CREATE INDEX "wins_user_idx" ON "wins" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_total_entries_nonnegative" CHECK ("prizes"."total_entries" >= 0);