ALTER TABLE "email_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id","purpose");