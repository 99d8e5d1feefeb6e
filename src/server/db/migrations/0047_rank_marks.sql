CREATE TABLE "rank_mark_builds" (
	"period" "leaderboard_period" NOT NULL,
	"period_start" date NOT NULL,
	"built_at" timestamp with time zone,
	CONSTRAINT "rank_mark_builds_period_period_start_pk" PRIMARY KEY("period","period_start")
);
--> statement-breakpoint
CREATE TABLE "rank_marks" (
	"period" "leaderboard_period" NOT NULL,
	"period_start" date NOT NULL,
	"place" integer NOT NULL,
	"entries" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "rank_marks_period_period_start_place_pk" PRIMARY KEY("period","period_start","place")
);
--> statement-breakpoint
CREATE INDEX "rank_marks_rank_idx" ON "rank_marks" USING btree ("period","period_start","entries" DESC NULLS FIRST,"updated_at","user_id");