ALTER TABLE "contact_messages" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- Messages sent before this column existed belong to the member whose verified address sent them.
UPDATE "contact_messages" AS m SET "user_id" = u."id"
  FROM "users" AS u
 WHERE u."email" = m."email" AND u."email_verified_at" IS NOT NULL AND m."user_id" IS NULL;
