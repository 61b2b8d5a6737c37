import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireAccount } from '../accounts/authenticate';
import type { Accounts } from '../accounts/service';
import type { Database } from '../db/client';
import { QUICK_SLOT, saves, scenes, stories as storyTable } from '../db/schema';
import { HttpError, parseInput } from '../http/errors';
import { sceneView, type Stories } from './service';

export const SAVE_SLOTS = 10;

const slotIndex = z.number({ error: 'slot_index must be a number from 0 to 9' }).int().min(0).max(SAVE_SLOTS - 1, 'slot_index must be a number from 0 to 9');
const saveBody = z.object({
  slot_index: slotIndex,
  story_id: z.uuid({ error: 'story_id is required' }),
  line_index: z.number().int().min(0).max(1000).default(0),
  save_name: z.string().trim().max(80).optional(),
});
const quickBody = z.object({
  story_id: z.uuid({ error: 'story_id is required' }),
  line_index: z.number().int().min(0).max(1000).default(0),
});
const loadBody = z.union([
  z.object({ slot_index: slotIndex }),
  z.object({ save_id: z.enum(['auto', 'quick']), story_id: z.uuid({ error: 'story_id is required' }) }),
]);

// The partial unique indexes' own conditions, so an upsert finds the index it means.
const isNumberedSlot = sql`${saves.slotIndex} >= 0`;
const isQuickSlot = sql`${saves.slotIndex} = -1`;

type SaveRow = typeof saves.$inferSelect;
type SceneRow = typeof scenes.$inferSelect;

function saveRecord(save: SaveRow, scene: SceneRow) {
  return {
    save_id: save.slotIndex === null ? 'auto' : save.slotIndex === QUICK_SLOT ? 'quick' : save.id,
    slot_index: save.slotIndex === QUICK_SLOT ? null : save.slotIndex,
    story_id: save.storyId,
    scene_id: save.sceneId,
    story_state: { scene_number: scene.sceneNumber, line_index: save.lineIndex },
    save_name: save.saveName,
    created_at: save.createdAt.toISOString(),
  };
}

/**
 * SPEC §3 save slots: ten per learner, plus per story the auto save (the line reached) and the quick save
 * (Q, one slot apart from the ten, loaded with Shift+Q).
 */
export const saveRoutes: FastifyPluginAsync<{ db: Database; accounts: Accounts; stories: Stories }> = async (app, { db, accounts, stories }) => {
  const signedIn = { preHandler: requireAccount(accounts) };

  app.get('/api/saves/slots', signedIn, async (request) => {
    const rows = await db
      .select()
      .from(saves)
      .innerJoin(storyTable, eq(saves.storyId, storyTable.id))
      .innerJoin(scenes, eq(saves.sceneId, scenes.id))
      .where(eq(saves.userId, request.account!.user.id));
    const slots = Array.from({ length: SAVE_SLOTS }, (_, slot) => {
      const found = rows.find((r) => r.saves.slotIndex === slot);
      if (!found) return { slot_index: slot, has_save: false, created_at: null, story_title: null, scene_number: null, location: null, screenshot_url: null };
      return {
        slot_index: slot,
        has_save: true,
        created_at: found.saves.createdAt.toISOString(),
        story_id: found.stories.id,
        story_title: found.stories.title,
        save_name: found.saves.saveName,
        scene_number: found.scenes.sceneNumber,
        location: found.scenes.setting?.location ?? null,
        screenshot_url: found.scenes.imageUrl,
      };
    });
    return { success: true, data: { slots } };
  });

  /**
   * The save a learner makes of a story's current scene at a line: the story must be theirs and the scene
   * written in full (a save must reopen the same lines).
   */
  async function saveValues(userId: string, storyId: string, lineIndex: number) {
    const story = await stories.owned(userId, storyId.toLowerCase());
    if (!story) throw new HttpError(404, 'Story not found');
    const [scene] = story.currentSceneId ? await db.select().from(scenes).where(eq(scenes.id, story.currentSceneId)) : [];
    if (!scene || scene.status !== 'complete') throw new HttpError(409, 'This scene is still being written. Try again in a moment.');
    const lineAt = Math.min(lineIndex, Math.max(0, scene.dialogue.length - 1));
    return { scene, values: { userId, storyId: story.id, sceneId: scene.id, lineIndex: lineAt, createdAt: new Date() } };
  }

  app.post('/api/saves/save', signedIn, async (request) => {
    const body = parseInput(saveBody, request.body);
    const { scene, values: at } = await saveValues(request.account!.user.id, body.story_id, body.line_index);
    const values = { ...at, slotIndex: body.slot_index, saveName: body.save_name || `Save ${body.slot_index + 1}` };
    const [save] = await db
      .insert(saves)
      .values(values)
      .onConflictDoUpdate({ target: [saves.userId, saves.slotIndex], targetWhere: isNumberedSlot, set: values })
      .returning();
    return { success: true, data: { save: saveRecord(save!, scene) } };
  });

  app.post('/api/saves/quick', signedIn, async (request) => {
    const body = parseInput(quickBody, request.body);
    const { scene, values: at } = await saveValues(request.account!.user.id, body.story_id, body.line_index);
    const values = { ...at, slotIndex: QUICK_SLOT, saveName: 'Quick Save' };
    const [save] = await db
      .insert(saves)
      .values(values)
      .onConflictDoUpdate({ target: [saves.userId, saves.storyId], targetWhere: isQuickSlot, set: values })
      .returning();
    return { success: true, data: { save: saveRecord(save!, scene) } };
  });

  app.post('/api/saves/load', signedIn, async (request) => {
    const body = parseInput(loadBody, request.body);
    const userId = request.account!.user.id;
    const where =
      'slot_index' in body
        ? and(eq(saves.userId, userId), eq(saves.slotIndex, body.slot_index))
        : and(
            eq(saves.userId, userId),
            eq(saves.storyId, body.story_id.toLowerCase()),
            body.save_id === 'quick' ? eq(saves.slotIndex, QUICK_SLOT) : isNull(saves.slotIndex),
          );
    const [save] = await db.select().from(saves).where(where);
    if (!save) {
      const quick = 'save_id' in body && body.save_id === 'quick';
      throw new HttpError(404, quick ? 'There is no quick save for this story yet.' : 'There is no save in this slot.');
    }
    if (await stories.isBeingWritten(save.storyId)) throw new HttpError(409, 'A scene is being written for this story. Try again in a moment.');
    const [scene] = await db.select().from(scenes).where(eq(scenes.id, save.sceneId));
    await db.update(storyTable).set({ currentSceneId: save.sceneId, status: 'ready', lastReadAt: new Date() }).where(eq(storyTable.id, save.storyId));
    return { success: true, data: { save: saveRecord(save, scene!), scene: sceneView(scene!, await stories.branchesAfter(scene!.id)) } };
  });
};
