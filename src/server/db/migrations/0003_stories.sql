CREATE TABLE "saves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"slot_index" integer,
	"story_id" uuid NOT NULL,
	"scene_id" uuid NOT NULL,
	"line_index" integer DEFAULT 0 NOT NULL,
	"save_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"story_id" uuid NOT NULL,
	"scene_number" integer NOT NULL,
	"parent_scene_id" uuid,
	"choice_id" text,
	"source_key" text,
	"status" text DEFAULT 'generating' NOT NULL,
	"generation_id" text,
	"setting" jsonb,
	"image_url" text,
	"dialogue" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_ending" boolean DEFAULT false NOT NULL,
	"ending_title" text,
	"level_profile" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"level" text NOT NULL,
	"theme" text NOT NULL,
	"custom_prompt" text,
	"provider" text NOT NULL,
	"source_id" text,
	"status" text DEFAULT 'generating' NOT NULL,
	"current_scene_id" uuid,
	"summary" text DEFAULT '' NOT NULL,
	"charged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_characters" (
	"story_id" uuid NOT NULL,
	"key" text NOT NULL,
	"character_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_events" (
	"story_id" uuid NOT NULL,
	"event_id" integer NOT NULL,
	"scene_id" uuid,
	"type" text NOT NULL,
	"generation_id" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saves" ADD CONSTRAINT "saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saves" ADD CONSTRAINT "saves_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saves" ADD CONSTRAINT "saves_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenes" ADD CONSTRAINT "scenes_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_characters" ADD CONSTRAINT "story_characters_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_characters" ADD CONSTRAINT "story_characters_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_events" ADD CONSTRAINT "story_events_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saves_user_slot" ON "saves" USING btree ("user_id","slot_index") WHERE "saves"."slot_index" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "saves_user_auto" ON "saves" USING btree ("user_id","story_id") WHERE "saves"."slot_index" is null;--> statement-breakpoint
CREATE INDEX "scenes_story_idx" ON "scenes" USING btree ("story_id","scene_number");--> statement-breakpoint
CREATE INDEX "stories_user_idx" ON "stories" USING btree ("user_id","last_read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "story_characters_key" ON "story_characters" USING btree ("story_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "story_events_id" ON "story_events" USING btree ("story_id","event_id");