CREATE TYPE "public"."offer_provider" AS ENUM('generic', 'bitlabs', 'ayetstudios', 'revtoo', 'revlum');--> statement-breakpoint
CREATE TABLE "offer_wall_totals" (
	"wall_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"reversals" integer DEFAULT 0 NOT NULL,
	"revenue_pence" bigint DEFAULT 0 NOT NULL,
	"entries" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_wall_totals_wall_id_shard_pk" PRIMARY KEY("wall_id","shard")
);
--> statement-breakpoint
CREATE TABLE "offer_walls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"provider" "offer_provider" NOT NULL,
	"frame_url" text NOT NULL,
	"secret" text NOT NULL,
	"ip_allowlist" text[] DEFAULT '{}'::text[] NOT NULL,
	"entries_per_pound" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_transactions" ADD COLUMN "wall_id" uuid;--> statement-breakpoint
ALTER TABLE "offer_transactions" ADD COLUMN "payout_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_wall_totals" ADD CONSTRAINT "offer_wall_totals_wall_id_offer_walls_id_fk" FOREIGN KEY ("wall_id") REFERENCES "public"."offer_walls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_transactions" ADD CONSTRAINT "offer_transactions_wall_id_offer_walls_id_fk" FOREIGN KEY ("wall_id") REFERENCES "public"."offer_walls"("id") ON DELETE no action ON UPDATE no action;