CREATE TABLE "backgrounds" (
	"key" text PRIMARY KEY NOT NULL,
	"setting" jsonb NOT NULL,
	"archetype" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "characters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"appearance" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
