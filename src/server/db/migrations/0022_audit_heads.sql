CREATE TABLE "audit_heads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL,
	"row_count" bigint NOT NULL,
	"hash" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signature" text,
	"public_key" text
);
--> statement-breakpoint
-- History is only ever added to: no row of the log or its heads is changed or removed, and neither table
-- can be emptied at once (TRUNCATE fires no row trigger, so it has one of its own).
CREATE FUNCTION append_only_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_heads_append_only
  BEFORE UPDATE OR DELETE ON audit_heads
  FOR EACH ROW EXECUTE FUNCTION append_only_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_heads_no_truncate
  BEFORE TRUNCATE ON audit_heads
  FOR EACH STATEMENT EXECUTE FUNCTION append_only_refuse_change();
