import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Language } from '../../shared/language';
import type { CreateStoryMessage, DialogueEntry, ServerEvent } from '../../shared/protocol';
import type { Ledger } from '../billing/ledger';
import { takeStoryFromQuota, type QuotaRefusal } from '../billing/quota';
import { scenes, stories, storyCharacters, storyEvents, users } from '../db/schema';
import { generateScene, type GenerationDeps, type StoredChoice } from './generation';

export interface StoriesOptions extends GenerationDeps {
  freeStoriesPerMonth: number;
  ledger: Ledger;
}

export type ChoiceRefusal = 'NOT_FOUND' | 'NO_SCENE' | 'IN_PROGRESS' | 'BAD_CHOICE' | 'ENDED';

/**
 * Stories: creation (with the quota), choices, and what a reader needs to come back. Each story has
 * at most one scene being written at a time in this process; the promise is kept so tests and
 * shutdown can wait for it.
 */
export function createStories(options: StoriesOptions) {
  const { db, freeStoriesPerMonth } = options;
  const running = new Map<string, Promise<void>>();

  function start(storyId: string, work: () => Promise<void>) {
    const promise = work()
      .catch((err: unknown) => options.log.error({ err, storyId }, 'scene generation crashed'))
      .finally(() => running.delete(storyId));
    running.set(storyId, promise);
  }

  async function choicesMade(storyId: string, upTo: typeof scenes.$inferSelect) {
    // The path is read backwards from the scene through its parents.
    const all = await db.select().from(scenes).where(eq(scenes.storyId, storyId));
    const byId = new Map(all.map((s) => [s.id, s]));
    const made: { sceneNumber: number; text: string }[] = [];
    for (let at = upTo; at.parentSceneId; ) {
      const parent = byId.get(at.parentSceneId);
      if (!parent) break;
      const choice = (parent.choices as StoredChoice[]).find((c) => c.id === at.choiceId);
      if (choice) made.unshift({ sceneNumber: parent.sceneNumber, text: choice.text });
      at = parent;
    }
    return made;
  }

  return {
    /** Starts a story: quota first, then the story row, then the first scene in the background. */
    async create(userId: string, message: CreateStoryMessage, generationId?: string): Promise<{ storyId: string } | { refused: QuotaRefusal }> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return { refused: 'SUBSCRIPTION_LIMIT_REACHED' };
      const plan = await options.ledger.tier(userId);
      const refusal = await takeStoryFromQuota(db, { id: userId, plan, emailVerified: user.emailVerified }, freeStoriesPerMonth);
      if (refusal) return { refused: refusal };
      // The first scene's id is chosen here so the story row points at it from the start.
      const sceneId = randomUUID();
      const [story] = await db
        .insert(stories)
        .values({
          userId,
          currentSceneId: sceneId,
          language: message.language,
          level: message.language_level,
          theme: message.theme,
          customPrompt: message.custom_prompt || null,
          provider: options.storyteller.name,
          charged: true,
        })
        .returning();
      const [scene] = await db.insert(scenes).values({ id: sceneId, storyId: story!.id, sceneNumber: 1, generationId: generationId ?? null }).returning();
      start(story!.id, () => generateScene(options, { story: story!, scene: scene!, generationId, choicesMade: [], isNew: true }));
      return { storyId: story!.id };
    },

    async find(storyId: string) {
      const [story] = await db.select().from(stories).where(eq(stories.id, storyId));
      return story;
    },

    async owned(userId: string, storyId: string) {
      const [story] = await db.select().from(stories).where(and(eq(stories.id, storyId), eq(stories.userId, userId)));
      return story;
    },

    /** Continues the story with a choice of its current scene. */
    async choose(userId: string, storyId: string, choiceId: string, generationId: string): Promise<ChoiceRefusal | null> {
      const story = await this.owned(userId, storyId);
      if (!story) return 'NOT_FOUND';
      if (running.has(storyId)) return 'IN_PROGRESS';
      const [current] = story.currentSceneId ? await db.select().from(scenes).where(eq(scenes.id, story.currentSceneId)) : [];
      if (!current || current.status !== 'complete') return 'NO_SCENE';
      if (current.isEnding) return 'ENDED';
      const choice = (current.choices as StoredChoice[]).find((c) => c.id === choiceId);
      if (!choice) return 'BAD_CHOICE';
      const [scene] = await db
        .insert(scenes)
        .values({
          storyId,
          sceneNumber: current.sceneNumber + 1,
          parentSceneId: current.id,
          choiceId,
          sourceKey: choice.next ?? null,
          generationId,
        })
        .returning();
      await db.update(stories).set({ currentSceneId: scene!.id, lastReadAt: new Date() }).where(eq(stories.id, storyId));
      const made = await choicesMade(storyId, scene!);
      start(storyId, () => generateScene(options, { story, scene: scene!, generationId, choicesMade: made }));
      return null;
    },

    /**
     * The stored events a reader needs: after an event id when given (a reconnect), otherwise the whole
     * current scene. A scene left half-written by a restart is written again from the start.
     */
    async replay(userId: string, storyId: string, afterEventId?: number): Promise<ServerEvent[] | 'NOT_FOUND' | 'NO_SCENE'> {
      const story = await this.owned(userId, storyId);
      if (!story) return 'NOT_FOUND';
      await db.update(stories).set({ lastReadAt: new Date() }).where(eq(stories.id, storyId));
      const [current] = story.currentSceneId ? await db.select().from(scenes).where(eq(scenes.id, story.currentSceneId)) : [];
      if (!current) return 'NO_SCENE';
      if (current.status === 'generating' && !running.has(storyId)) {
        await resume(story, current);
        return [];
      }
      const where =
        afterEventId !== undefined
          ? and(eq(storyEvents.storyId, storyId), gt(storyEvents.eventId, afterEventId))
          : and(eq(storyEvents.storyId, storyId), eq(storyEvents.sceneId, current.id));
      const rows = await db.select().from(storyEvents).where(where).orderBy(asc(storyEvents.eventId));
      return rows.map((row) => ({
        type: row.type,
        event_id: row.eventId,
        story_id: storyId,
        ...(row.sceneId ? { scene_id: row.sceneId } : {}),
        ...(row.generationId ? { generation_id: row.generationId } : {}),
        data: row.data,
      })) as ServerEvent[];
    },

    async list(userId: string) {
      const rows = await db
        .select()
        .from(stories)
        .where(and(eq(stories.userId, userId), inArray(stories.status, ['generating', 'ready'])))
        .orderBy(desc(stories.lastReadAt));
      const current = rows.map((r) => r.currentSceneId).filter((id): id is string => !!id);
      const sceneRows = current.length > 0 ? await db.select().from(scenes).where(inArray(scenes.id, current)) : [];
      const byId = new Map(sceneRows.map((s) => [s.id, s]));
      return rows.map((r) => {
        const scene = r.currentSceneId ? byId.get(r.currentSceneId) : undefined;
        return {
          id: r.id,
          title: r.title,
          language: r.language as Language,
          level: r.level,
          theme: r.theme,
          status: r.status,
          scene_number: scene?.sceneNumber ?? 1,
          location: scene?.setting?.location ?? null,
          is_ending: scene?.isEnding ?? false,
          created_at: r.createdAt.toISOString(),
          last_read_at: r.lastReadAt.toISOString(),
        };
      });
    },

    /** The story with its current scene, for GET /api/stories/{id}. */
    async detail(userId: string, storyId: string) {
      const story = await this.owned(userId, storyId);
      if (!story) return undefined;
      const [scene] = story.currentSceneId ? await db.select().from(scenes).where(eq(scenes.id, story.currentSceneId)) : [];
      const cast = await db.select().from(storyCharacters).where(eq(storyCharacters.storyId, storyId));
      return {
        id: story.id,
        title: story.title,
        language: story.language,
        level: story.level,
        theme: story.theme,
        status: story.status,
        created_at: story.createdAt.toISOString(),
        last_read_at: story.lastReadAt.toISOString(),
        characters: cast.map((c) => ({ id: c.characterId, name: c.name })),
        current_scene: scene ? sceneView(scene) : null,
      };
    },

    /** Waits for every scene being written (tests, shutdown). */
    async idle() {
      while (running.size > 0) await Promise.all([...running.values()]);
    },
    isWriting: (storyId: string) => running.has(storyId),
  };

  async function resume(story: typeof stories.$inferSelect, scene: typeof scenes.$inferSelect) {
    // A half-written scene is set aside and written again whole as a new scene, so its events keep
    // their ids and the new ones come after them.
    await db.update(scenes).set({ status: 'failed' }).where(eq(scenes.id, scene.id));
    const [fresh] = await db
      .insert(scenes)
      .values({
        storyId: story.id,
        sceneNumber: scene.sceneNumber,
        parentSceneId: scene.parentSceneId,
        choiceId: scene.choiceId,
        sourceKey: scene.sourceKey,
        generationId: scene.generationId,
      })
      .returning();
    await db.update(stories).set({ currentSceneId: fresh!.id, status: scene.sceneNumber === 1 ? 'generating' : story.status }).where(eq(stories.id, story.id));
    const made = await choicesMade(story.id, fresh!);
    start(story.id, () => generateScene(options, { story, scene: fresh!, generationId: scene.generationId ?? undefined, choicesMade: made }));
  }
}

export function sceneView(scene: typeof scenes.$inferSelect) {
  return {
    scene_id: scene.id,
    story_id: scene.storyId,
    scene_number: scene.sceneNumber,
    generation_id: scene.generationId,
    status: scene.status,
    setting: scene.setting,
    scene_image_url: scene.imageUrl,
    dialogue: scene.dialogue as DialogueEntry[],
    choices: (scene.choices as StoredChoice[]).map(({ next: _next, ...choice }) => choice),
    is_ending: scene.isEnding,
    ending_title: scene.endingTitle,
  };
}

export type Stories = ReturnType<typeof createStories>;
