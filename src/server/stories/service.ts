import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Language } from '../../shared/language';
import type { CreateStoryMessage, DialogueEntry, ServerEvent } from '../../shared/protocol';
import type { ThemeId } from '../../shared/stories';
import type { AvailabilityQuery, HistoryQuery, LibraryAvailability, StoryHistory, StorytellerInfo } from '../../shared/story-views';
import type { LibraryRequest } from '../storyteller/library/picker';
import type { Ledger } from '../billing/ledger';
import { takeStoryFromQuota, type QuotaRefusal } from '../billing/quota';
import { characters, saves, scenes, stories, storyCharacters, storyEvents, users } from '../db/schema';
import { recordReading } from '../progress/reading';
import { eventFromRow } from './stored-event';
import type { GenerationDeps } from './generation';
import type { SceneRunner } from './scene-runner';
import type { StoredChoice } from './scene-state';
import { branchEnd, childrenOf, pathTo } from './story-tree';

export interface StoriesOptions extends GenerationDeps {
  freeStoriesPerMonth: number;
  ledger: Ledger;
  runner: SceneRunner;
}

export type ChoiceRefusal = 'NOT_FOUND' | 'NO_SCENE' | 'IN_PROGRESS' | 'BAD_CHOICE' | 'ENDED';
export type BranchRefusal = 'NOT_FOUND' | 'NOT_THIS_STORY' | 'IN_PROGRESS' | 'BAD_CHOICE';

/**
 * Stories: creation (with the quota), choices, and what a reader needs to come back. A story has at most
 * one scene being written at a time: the database decides it (a choice moves the story's current scene
 * only from the scene the choice belongs to). The running scenes are kept so tests and shutdown can wait
 * for them, and shutdown can stop them.
 */
export function createStories(options: StoriesOptions) {
  const { db, freeStoriesPerMonth, runner } = options;
  /** The library stories this learner has started, oldest first (removed stories are forgotten with them). */
  async function startedLibraryStories(userId: string): Promise<string[]> {
    const rows = await db
      .select({ sourceId: stories.sourceId })
      .from(stories)
      .where(and(eq(stories.userId, userId), isNotNull(stories.sourceId)))
      .orderBy(asc(stories.createdAt));
    return rows.map((r) => r.sourceId!);
  }

  return {
    /** What this server tells stories with, for pages that describe where stories come from. */
    storyteller(): StorytellerInfo {
      const library = options.storyteller.library;
      return library ? { storyteller: 'library', library_stories: library.size } : { storyteller: 'model', library_stories: null };
    },

    /** What Start Reading would give this learner for these options, said before they spend a story. */
    async availability(userId: string, query: AvailabilityQuery): Promise<{ storyteller: 'model' | 'library'; library: LibraryAvailability | null }> {
      const library = options.storyteller.library;
      if (!library) return { storyteller: 'model', library: null };
      const request = libraryRequest({ language: query.language, language_level: query.level, theme: query.theme, custom_prompt: query.custom_prompt });
      return { storyteller: 'library', library: library.availability(request, await startedLibraryStories(userId)) };
    },

    /**
     * Removes a story and everything of it (scenes, events, cast, saves pointing to it). The month's quota
     * is not given back: the story was counted when it was created.
     */
    async remove(userId: string, storyId: string): Promise<boolean> {
      const story = await this.owned(userId, storyId);
      if (!story) return false;
      await runner.stopStory(storyId);
      return db.transaction(async (tx) => {
        // Each story draws its own cast; the characters go with it (the rest cascades from the story row).
        const cast = await tx.select({ id: storyCharacters.characterId }).from(storyCharacters).where(eq(storyCharacters.storyId, storyId));
        const removed = await tx.delete(stories).where(and(eq(stories.id, storyId), eq(stories.userId, userId))).returning({ id: stories.id });
        if (cast.length > 0) await tx.delete(characters).where(inArray(characters.id, cast.map((c) => c.id)));
        return removed.length === 1;
      });
    },

    /** Starts a story: quota first, then the story row, then the first scene in the background. */
    async create(userId: string, message: CreateStoryMessage, generationId?: string): Promise<{ storyId: string } | { refused: QuotaRefusal }> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return { refused: 'SUBSCRIPTION_LIMIT_REACHED' };
      const plan = await options.ledger.tier(userId);
      const library = options.storyteller.library;
      const picked = library?.pick(libraryRequest(message), await startedLibraryStories(userId));
      // The charge and the story stand or fall together: a story that cannot be stored is not counted.
      const created = await db.transaction(async (tx) => {
        const refusal = await takeStoryFromQuota(tx, { id: userId, plan, emailVerified: user.emailVerified }, freeStoriesPerMonth);
        if (refusal) return { refused: refusal };
        // The first scene's id is chosen here so the story row points at it from the start.
        const sceneId = randomUUID();
        const [story] = await tx
          .insert(stories)
          .values({
            userId,
            currentSceneId: sceneId,
            language: message.language,
            level: message.language_level,
            theme: message.theme,
            customPrompt: message.custom_prompt || null,
            provider: options.storyteller.name,
            sourceId: picked?.story.id ?? null,
            charged: true,
          })
          .returning();
        const [scene] = await tx.insert(scenes).values({ id: sceneId, storyId: story!.id, sceneNumber: 1, generationId: generationId ?? null }).returning();
        return { story: story!, scene: scene! };
      });
      if (created.refused) return { refused: created.refused };
      await runner.write(created.scene);
      return { storyId: created.story.id };
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
      if (runner.isWriting(storyId)) return 'IN_PROGRESS';
      const [current] = story.currentSceneId ? await db.select().from(scenes).where(eq(scenes.id, story.currentSceneId)) : [];
      // Another reader's choice (in any process) may have started the next scene a moment ago.
      if (current?.status === 'generating') return 'IN_PROGRESS';
      if (!current || current.status !== 'complete') return 'NO_SCENE';
      if (current.isEnding) return 'ENDED';
      const choice = (current.choices as StoredChoice[]).find((c) => c.id === choiceId);
      if (!choice) return 'BAD_CHOICE';
      return (await writeAfter(story, current, choice, generationId)) ? null : 'IN_PROGRESS';
    },

    /**
     * "Read the other path": the learner takes another choice of a scene they read earlier. A branch read
     * before is reopened where it was left; otherwise its first scene is written now, streamed like any
     * choice's. The story stays one story (nothing is counted), and the branch left stays in the tree.
     */
    async branch(
      userId: string,
      storyId: string,
      sceneId: string,
      choiceId: string,
      generationId: string,
      at: 'left' | 'start' = 'left',
    ): Promise<BranchRefusal | { scene_id: string; reopened: boolean }> {
      const story = await this.owned(userId, storyId);
      if (!story) return 'NOT_FOUND';
      if (runner.isWriting(storyId)) return 'IN_PROGRESS';
      const [from] = await db.select().from(scenes).where(and(eq(scenes.id, sceneId), eq(scenes.storyId, storyId)));
      if (!from) return 'NOT_THIS_STORY';
      const [current] = story.currentSceneId ? await db.select({ status: scenes.status }).from(scenes).where(eq(scenes.id, story.currentSceneId)) : [];
      if (current?.status === 'generating' || from.status !== 'complete') return 'IN_PROGRESS';
      const choice = (from.choices as StoredChoice[]).find((c) => c.id === choiceId);
      if (!choice) return 'BAD_CHOICE';
      const tree = await treeOf(storyId);
      const known = childrenOf(tree, from.id).get(choiceId);
      if (!known) {
        const scene = await writeAfter(story, from, choice, generationId);
        return scene ? { scene_id: scene.id, reopened: false } : 'IN_PROGRESS';
      }
      const end = at === 'start' ? known : branchEnd(tree, known);
      const reopened = await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(stories)
          .set({ currentSceneId: end.id, lastReadAt: new Date() })
          .where(and(eq(stories.id, storyId), story.currentSceneId ? eq(stories.currentSceneId, story.currentSceneId) : isNull(stories.currentSceneId)))
          .returning({ id: stories.id });
        if (!moved) return false;
        // The branch reopens at the line it was left on (or its start), here and on every device.
        const line = at === 'start' ? 0 : Math.max(0, Math.min(end.readTo, end.lines - 1));
        await tx
          .insert(saves)
          .values({ userId, storyId, sceneId: end.id, lineIndex: line, saveName: 'Auto Save' })
          .onConflictDoUpdate({ target: [saves.userId, saves.storyId], targetWhere: sql`${saves.slotIndex} is null`, set: { sceneId: end.id, lineIndex: line, createdAt: new Date() } });
        return true;
      });
      return reopened ? { scene_id: end.id, reopened: true } : 'IN_PROGRESS';
    },

    /**
     * The path read to a scene (the current one unless `to` names another), oldest first, a page at a time:
     * the `limit` scenes before `before` (before `to` itself when absent). Each says which of its choices was
     * taken on this path and which have a branch written after them.
     */
    async history(userId: string, storyId: string, query: HistoryQuery): Promise<StoryHistory | 'NOT_FOUND' | 'NOT_THIS_STORY'> {
      const story = await this.owned(userId, storyId);
      if (!story) return 'NOT_FOUND';
      const to = query.to?.toLowerCase() ?? story.currentSceneId;
      const tree = await treeOf(storyId);
      const path = to ? pathTo(tree, to) : [];
      if (path.length === 0) return query.to ? 'NOT_THIS_STORY' : { scenes: [], more: false };
      const end = query.before ? path.findIndex((s) => s.id === query.before!.toLowerCase()) : path.length - 1;
      if (end === -1) return 'NOT_THIS_STORY';
      const first = Math.max(0, end - query.limit);
      const page = path.slice(first, end);
      const rows = page.length > 0 ? await db.select().from(scenes).where(inArray(scenes.id, page.map((s) => s.id))) : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      return {
        scenes: page.map((s, i) => ({
          ...sceneView(byId.get(s.id)!),
          choice_made: path[first + i + 1]!.choiceId,
          branches: [...childrenOf(tree, s.id).keys()],
        })),
        more: first > 0,
      };
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
      const where =
        afterEventId !== undefined
          ? and(eq(storyEvents.storyId, storyId), gt(storyEvents.eventId, afterEventId))
          : and(eq(storyEvents.storyId, storyId), eq(storyEvents.sceneId, current.id));
      const rows = await db.select().from(storyEvents).where(where).orderBy(asc(storyEvents.eventId));
      // A scene whose writer stopped (a restart, a process that died) is continued from the lines stored; what
      // the new writer adds comes live after the lines read here.
      if (current.status === 'generating' && !runner.isWriting(storyId)) await runner.write(current);
      return rows.map(eventFromRow);
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
      const [auto] = await db
        .select({ sceneId: saves.sceneId, lineIndex: saves.lineIndex })
        .from(saves)
        .where(and(eq(saves.userId, userId), eq(saves.storyId, storyId), isNull(saves.slotIndex)));
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
        current_scene: scene ? sceneView(scene, await this.branchesAfter(scene.id)) : null,
        position: auto ? { scene_id: auto.sceneId, line_index: auto.lineIndex } : null,
      };
    },

    /** The choices of a scene with a scene written after them: taking one again reopens that scene. */
    async branchesAfter(sceneId: string): Promise<string[]> {
      const written = await db
        .select({ choiceId: scenes.choiceId })
        .from(scenes)
        .where(and(eq(scenes.parentSceneId, sceneId), ne(scenes.status, 'failed')));
      return [...new Set(written.flatMap((s) => (s.choiceId ? [s.choiceId] : [])))];
    },

    /**
     * Keeps where the learner is: the story's auto save moves to the line they reached (never past the lines
     * written so far), so the story reopens there on any device. Lines reached for the first time count as
     * read on the progress page, with `spentMs` (since the previous advance) as their reading time. False when
     * the scene is not this story's.
     */
    async readTo(userId: string, storyId: string, sceneId: string, lineIndex: number, spentMs = 0): Promise<boolean> {
      const [scene] = await db
        .select({ id: scenes.id, dialogue: scenes.dialogue, language: stories.language })
        .from(scenes)
        .innerJoin(stories, eq(stories.id, scenes.storyId))
        .where(and(eq(scenes.id, sceneId), eq(scenes.storyId, storyId), eq(stories.userId, userId)));
      if (!scene) return false;
      const dialogue = scene.dialogue as DialogueEntry[];
      const line = Math.min(lineIndex, Math.max(0, dialogue.length - 1));
      await db.transaction(async (tx) => {
        // Lines read stay read (skip runs up to them), whatever the learner reopens later. The row is locked so
        // two tabs advancing at once count each line once.
        const [before] = await tx.select({ readTo: scenes.readTo }).from(scenes).where(eq(scenes.id, sceneId)).for('update');
        const from = before?.readTo ?? -1;
        if (line <= from) return;
        await tx.update(scenes).set({ readTo: line }).where(eq(scenes.id, sceneId));
        const newlyRead = dialogue.slice(from + 1, line + 1);
        const characters = newlyRead.reduce((sum, entry) => sum + [...entry.text].length, 0);
        await recordReading(tx, userId, scene.language as Language, { lines: newlyRead.length, characters, spentMs });
      });
      await db
        .insert(saves)
        .values({ userId, storyId, sceneId, lineIndex: line, saveName: 'Auto Save' })
        .onConflictDoUpdate({
          target: [saves.userId, saves.storyId],
          targetWhere: sql`${saves.slotIndex} is null`,
          set: { sceneId, lineIndex: line, createdAt: new Date() },
        });
      await db.update(stories).set({ lastReadAt: new Date() }).where(eq(stories.id, storyId));
      return true;
    },

    /** Waits for every scene this process is writing (tests, shutdown). */
    idle: () => runner.idle(),
    /** Takes no more scenes and stops (or hands over) the ones being written (shutdown). */
    stop: () => runner.stop(),
    /** Whether this process is writing a scene of the story. */
    isWriting: (storyId: string) => runner.isWriting(storyId),
    /** Whether any process is writing the story's current scene now (it holds a live lease on it). */
    async isBeingWritten(storyId: string): Promise<boolean> {
      if (runner.isWriting(storyId)) return true;
      const [live] = await db
        .select({ id: scenes.id })
        .from(stories)
        .innerJoin(scenes, eq(scenes.id, stories.currentSceneId))
        .where(and(eq(stories.id, storyId), eq(scenes.status, 'generating'), sql`${scenes.leaseUntil} > now()`));
      return live !== undefined;
    },
  };

  /** A story's scenes as a tree: the few columns the walks need, and the length and reach of each scene. */
  async function treeOf(storyId: string) {
    return db
      .select({
        id: scenes.id,
        parentSceneId: scenes.parentSceneId,
        choiceId: scenes.choiceId,
        status: scenes.status,
        createdAt: scenes.createdAt,
        readTo: scenes.readTo,
        lines: sql<number>`jsonb_array_length(${scenes.dialogue})`.mapWith(Number),
      })
      .from(scenes)
      .where(eq(scenes.storyId, storyId));
  }

  /**
   * Writes the scene a choice of `from` leads to. Only the first of simultaneous choices moves the story on
   * from where it was; the others find it moved (a row lock on PostgreSQL, one connection on PGlite) and get
   * undefined: a scene is being written.
   */
  async function writeAfter(story: typeof stories.$inferSelect, from: typeof scenes.$inferSelect, choice: StoredChoice, generationId: string) {
    const sceneId = randomUUID();
    const scene = await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(stories)
        .set({ currentSceneId: sceneId, lastReadAt: new Date() })
        .where(and(eq(stories.id, story.id), story.currentSceneId ? eq(stories.currentSceneId, story.currentSceneId) : isNull(stories.currentSceneId)))
        .returning({ id: stories.id });
      if (!moved) return undefined;
      const [inserted] = await tx
        .insert(scenes)
        .values({ id: sceneId, storyId: story.id, sceneNumber: from.sceneNumber + 1, parentSceneId: from.id, choiceId: choice.id, sourceKey: choice.next ?? null, generationId })
        .returning();
      return inserted;
    });
    if (!scene) return undefined;
    await runner.write(scene);
    return scene;
  }
}

function libraryRequest(message: Pick<CreateStoryMessage, 'language' | 'language_level' | 'theme' | 'custom_prompt'>): LibraryRequest {
  return { language: message.language, level: message.language_level, theme: message.theme as ThemeId, wish: message.custom_prompt };
}

export function sceneView(scene: typeof scenes.$inferSelect, branches?: string[]) {
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
    read_to: scene.readTo,
    ...(branches ? { branches } : {}),
  };
}

export type Stories = ReturnType<typeof createStories>;
