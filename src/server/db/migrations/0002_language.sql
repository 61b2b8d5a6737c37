CREATE TABLE "grammar_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"pattern_id" text NOT NULL,
	"feedback_type" text NOT NULL,
	"details" text,
	"user_agent" text,
	"app_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grammar_views" (
	"user_id" uuid NOT NULL,
	"pattern_id" text NOT NULL,
	"language" text NOT NULL,
	"level" text NOT NULL,
	"views" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vocabulary_explanations" (
	"key" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"word" text NOT NULL,
	"contextual" boolean NOT NULL,
	"explanation" jsonb NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vocabulary_views" (
	"user_id" uuid NOT NULL,
	"language" text NOT NULL,
	"word" text NOT NULL,
	"level" text,
	"views" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grammar_feedback" ADD CONSTRAINT "grammar_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grammar_views" ADD CONSTRAINT "grammar_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary_views" ADD CONSTRAINT "vocabulary_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grammar_views_user_pattern" ON "grammar_views" USING btree ("user_id","pattern_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vocabulary_views_user_word" ON "vocabulary_views" USING btree ("user_id","language","word");