CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" "staff_role" NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "experience" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_key" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_invitations_open_idx" ON "staff_invitations" USING btree ("created_at") WHERE "staff_invitations"."accepted_at" is null and "staff_invitations"."withdrawn_at" is null;--> statement-breakpoint
-- Experience counts what members earned themselves (DESIGN §16): total_entries less the corrections it
-- has counted since migration 0041, which added every positive one.
UPDATE "users" SET "experience" = "total_entries" WHERE "total_entries" > 0;
--> statement-breakpoint
UPDATE "users" AS u
SET "experience" = greatest(u."total_entries" - c.added, 0)
FROM (
  SELECT "user_id", sum("amount") AS added
  FROM "ledger_entries"
  WHERE "reason" = 'admin_adjustment' AND "account" = 'entries' AND "amount" > 0
  GROUP BY "user_id"
) AS c
WHERE c."user_id" = u."id";
--> statement-breakpoint
-- A committed audit row is announced on the members' channel (e = 'audit', for no member), so every
-- instance hears it and the chain's head is signed within a second (features/audit/head-signing.ts).
CREATE FUNCTION audit_log_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_events', json_build_object('u', '', 'e', 'audit')::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_announce
  AFTER INSERT ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_announce();
