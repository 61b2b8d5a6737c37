ALTER TABLE "stories" ADD COLUMN "last_event_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "stories" SET "last_event_id" = coalesce((SELECT max("event_id") FROM "story_events" WHERE "story_events"."story_id" = "stories"."id"), 0);
