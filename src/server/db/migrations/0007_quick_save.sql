DROP INDEX "saves_user_slot";--> statement-breakpoint
CREATE UNIQUE INDEX "saves_user_quick" ON "saves" USING btree ("user_id","story_id") WHERE "saves"."slot_index" = -1;--> statement-breakpoint
CREATE UNIQUE INDEX "saves_user_slot" ON "saves" USING btree ("user_id","slot_index") WHERE "saves"."slot_index" >= 0;