CREATE TABLE "draw_snapshots" (
	"prize_id" uuid PRIMARY KEY NOT NULL,
	"participants" integer NOT NULL,
	"lines" "bytea" NOT NULL,
	"names" "bytea" NOT NULL
);
--> statement-breakpoint
-- Uncompressed, so that a slice of a big snapshot is read from its own chunks, not the whole value.
ALTER TABLE "draw_snapshots" ALTER COLUMN "lines" SET STORAGE EXTERNAL, ALTER COLUMN "names" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- Each frozen snapshot as the same lines its published hash covers, and its masked names in that order.
INSERT INTO "draw_snapshots" ("prize_id", "participants", "lines", "names")
SELECT "prize_id", count(*),
       convert_to(string_agg("pid" || ':' || "entries" || chr(10), '' ORDER BY "pid" COLLATE "C"), 'UTF8'),
       convert_to(string_agg("username" || chr(10), '' ORDER BY "pid" COLLATE "C"), 'UTF8')
  FROM "draw_participants" GROUP BY "prize_id";
--> statement-breakpoint
DROP TABLE "draw_participants" CASCADE;
