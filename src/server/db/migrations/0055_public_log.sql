CREATE TABLE "log_checkpoints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"root" "bytea" NOT NULL,
	"note" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_leaves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"position" bigint,
	"kind" text NOT NULL,
	"data" "bytea" NOT NULL,
	"hash" "bytea" NOT NULL,
	"prize_id" uuid,
	"pid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_leaves_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "log_nodes" (
	"level" smallint NOT NULL,
	"index" bigint NOT NULL,
	"hash" "bytea" NOT NULL,
	CONSTRAINT "log_nodes_level_index_pk" PRIMARY KEY("level","index")
);
--> statement-breakpoint
CREATE INDEX "log_leaves_waiting_idx" ON "log_leaves" USING btree ("id") WHERE "log_leaves"."position" is null;--> statement-breakpoint
CREATE INDEX "log_leaves_receipts_idx" ON "log_leaves" USING btree ("prize_id","pid","position") WHERE "log_leaves"."pid" is not null;--> statement-breakpoint
-- The public log is history: a leaf is written once and only ever given its position, once; nodes
-- and checkpoints are never changed or taken away. A rewrite has to get past these to begin with,
-- and then past every checkpoint already published (DESIGN §18).
CREATE FUNCTION public_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'log_leaves' AND OLD.position IS NULL AND NEW.position IS NOT NULL
     AND (NEW.id, NEW.kind, NEW.data, NEW.hash, NEW.prize_id, NEW.pid, NEW.created_at)
       IS NOT DISTINCT FROM (OLD.id, OLD.kind, OLD.data, OLD.hash, OLD.prize_id, OLD.pid, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER log_leaves_append_only BEFORE UPDATE OR DELETE ON log_leaves
  FOR EACH ROW EXECUTE FUNCTION public_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER log_nodes_append_only BEFORE UPDATE OR DELETE ON log_nodes
  FOR EACH ROW EXECUTE FUNCTION public_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER log_checkpoints_append_only BEFORE UPDATE OR DELETE ON log_checkpoints
  FOR EACH ROW EXECUTE FUNCTION public_log_refuse_change();
