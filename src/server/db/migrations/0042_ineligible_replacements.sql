ALTER TYPE "public"."replacement_reason" ADD VALUE 'ineligible';--> statement-breakpoint
-- The sample invite task's card states the referral rule, from the constant: its description no longer repeats it.
UPDATE "tasks" SET "description" = 'Invite friends to PrizeDraw with your own link.'
WHERE "type" = 'referral' AND "description" LIKE 'Share your invite link. You earn entries once your friend%';
