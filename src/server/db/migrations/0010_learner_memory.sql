CREATE TABLE "word_change_items" (
	"change_id" uuid NOT NULL,
	"key" text NOT NULL,
	"before_status" text NOT NULL,
	"before_stage" integer NOT NULL,
	"after_status" text NOT NULL,
	"after_stage" integer NOT NULL,
	CONSTRAINT "word_change_items_change_id_key_pk" PRIMARY KEY("change_id","key")
);
--> statement-breakpoint
CREATE TABLE "word_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "word_knowledge" (
	"user_id" uuid NOT NULL,
	"language" text NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"stage" integer DEFAULT 0 NOT NULL,
	"seen_count" integer DEFAULT 0 NOT NULL,
	"lookup_count" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone,
	"first_story_id" uuid,
	"first_scene_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "word_knowledge_user_id_language_key_pk" PRIMARY KEY("user_id","language","key")
);
--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "words_counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "words_onboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "word_change_items" ADD CONSTRAINT "word_change_items_change_id_word_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."word_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_changes" ADD CONSTRAINT "word_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_knowledge" ADD CONSTRAINT "word_knowledge_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_knowledge" ADD CONSTRAINT "word_knowledge_first_story_id_stories_id_fk" FOREIGN KEY ("first_story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_knowledge" ADD CONSTRAINT "word_knowledge_first_scene_id_scenes_id_fk" FOREIGN KEY ("first_scene_id") REFERENCES "public"."scenes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "word_changes_user_idx" ON "word_changes" USING btree ("user_id","created_at");