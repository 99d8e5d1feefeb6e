ALTER TYPE "public"."notification_type" ADD VALUE 'staff_complaint';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'staff_withdrawal';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'staff_risk';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'staff_approval';