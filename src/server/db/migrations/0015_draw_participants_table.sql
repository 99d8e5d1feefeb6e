CREATE TABLE "draw_participants" (
	"prize_id" uuid NOT NULL,
	"pid" text collate "C" NOT NULL,
	"username" text NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "draw_participants_prize_id_pid_pk" PRIMARY KEY("prize_id","pid")
);
--> statement-breakpoint
ALTER TABLE "draw_participants" ADD CONSTRAINT "draw_participants_prize_id_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."prizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Snapshots frozen so far move over as they were, names already masked.
INSERT INTO "draw_participants" ("prize_id", "pid", "username", "entries")
  SELECT "prizes"."id", "p"."_id", "p"."username", "p"."entries"
  FROM "prizes", jsonb_to_recordset("prizes"."draw_participants") AS "p"("_id" text, "username" text, "entries" integer)
  WHERE "prizes"."draw_participants" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "prizes" DROP COLUMN "draw_participants";