ALTER TABLE "scenes" ADD COLUMN "writer" text;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "lease_until" timestamp with time zone;