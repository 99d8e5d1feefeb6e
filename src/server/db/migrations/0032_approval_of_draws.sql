ALTER TYPE "public"."approval_kind" ADD VALUE 'prize_cancel';--> statement-breakpoint
ALTER TYPE "public"."approval_kind" ADD VALUE 'pass_on';