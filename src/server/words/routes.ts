import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { languageSchema, type Language } from '../../shared/language';
import type { DialogueEntry } from '../../shared/protocol';
import { importSource, markWordBody, sceneFinishedBody, wordLookupBody, type SceneCoverage } from '../../shared/words';
import { requireAccount } from '../accounts/authenticate';
import type { Accounts } from '../accounts/service';
import type { Database } from '../db/client';
import { saves, scenes, stories, storyCharacters } from '../db/schema';
import { HttpError, parseInput } from '../http/errors';
import type { LanguageServices } from '../language/services';
import { createWordImports } from './imports';
import { createWordKnowledge } from './knowledge';
import { levelCoverage } from './level-coverage';
import { createSceneWords } from './scene-words';

interface Options {
  db: Database;
  accounts: Accounts;
  language: LanguageServices;
}

const idParams = (what: string) => z.object({ id: z.uuid({ error: `${what} not found` }) });
function idOf(params: unknown, what: string): string {
  const parsed = idParams(what).safeParse(params);
  if (!parsed.success) throw new HttpError(404, `${what} not found`);
  return parsed.data.id.toLowerCase();
}
const languageQuery = z.object({ language: languageSchema });

/** Learner memory: what each learner knows of each word, marked, counted at a scene's end, imported. */
export const wordRoutes: FastifyPluginAsync<Options> = async (app, { db, accounts, language }) => {
  const knowledge = createWordKnowledge(db);
  const imports = createWordImports(db, knowledge, language);
  const sceneWords = createSceneWords(language);
  const signedIn = { preHandler: requireAccount(accounts) };
  const learner = (request: { account?: { user: { id: string } } }) => request.account!.user.id;

  app.addHook('preHandler', async () => {
    await language.ready;
  });

  /** A scene of the learner's own story, with what its words are worked out from. */
  async function ownScene(userId: string, sceneId: string) {
    const [row] = await db
      .select({ scene: scenes, story: stories })
      .from(scenes)
      .innerJoin(stories, eq(scenes.storyId, stories.id))
      .where(and(eq(scenes.id, sceneId), eq(stories.userId, userId)));
    if (!row) throw new HttpError(404, 'Scene not found');
    const names = await db.select({ name: storyCharacters.name }).from(storyCharacters).where(eq(storyCharacters.storyId, row.story.id));
    const words = () => sceneWords.of(row.scene.id, row.story.language, row.scene.dialogue as DialogueEntry[], names.map((n) => n.name));
    return { ...row, words };
  }

  app.post('/api/words/lookup', signedIn, async (request) => {
    const body = parseInput(wordLookupBody, request.body);
    return { words: await knowledge.statuses(learner(request), body.language, body.keys) };
  });

  app.post('/api/words/mark', signedIn, async (request) => {
    const body = parseInput(markWordBody, request.body);
    const state = { status: body.status, stage: body.status === 'learning' ? body.stage! : 0 };
    const result = await knowledge.mark(learner(request), body.language, body.key, state, body.story_id ? { storyId: body.story_id } : undefined);
    return { key: body.key, ...result };
  });

  app.post('/api/words/changes/:id/undo', signedIn, async (request) => knowledge.undo(learner(request), idOf(request.params, 'Change')));

  // Advancing past a scene's last line: its words count as seen, once, and (with the learner's setting) the
  // ones still new and never looked up become known.
  app.post('/api/words/scene-finished', signedIn, async (request) => {
    const body = parseInput(sceneFinishedBody, request.body);
    const userId = learner(request);
    const { scene, story, words } = await ownScene(userId, body.scene_id);
    if (scene.status !== 'complete') throw new HttpError(409, 'The scene is still being written');
    const { counts } = words();
    return db.transaction(async (tx) => {
      // Claimed in the same statement that checks it: two tabs finishing the scene at once count it once.
      const [first] = await tx
        .update(scenes)
        .set({ wordsCountedAt: new Date() })
        .where(and(eq(scenes.id, scene.id), isNull(scenes.wordsCountedAt)))
        .returning({ id: scenes.id });
      if (!first) return { seen: 0, known: [], change: null };
      const result = await knowledge.sceneSeen(tx, userId, story.language, counts, { storyId: story.id, sceneId: scene.id }, body.mark_known);
      return { seen: counts.size, known: [...result.changed.keys()], change: result.change };
    });
  });

  app.post('/api/words/import/preview', signedIn, async (request) => imports.preview(learner(request), parseInput(importSource, request.body)));
  app.post('/api/words/import', signedIn, async (request) => imports.apply(learner(request), parseInput(importSource, request.body)));

  app.get('/api/words/summary', signedIn, async (request) => knowledge.summary(learner(request)));
  app.post('/api/words/onboarded', signedIn, async (request, reply) => {
    await knowledge.onboarded(learner(request));
    return reply.code(204).send();
  });

  // The creation screen's level step: how much of each level's list the learner knows.
  app.get('/api/words/coverage', signedIn, async (request) => {
    const { language: lang } = parseInput(languageQuery, request.query);
    return levelCoverage(knowledge, learner(request), lang);
  });

  // A story card: the share of known words in the scene the learner reads next.
  app.get('/api/words/stories/:id/coverage', signedIn, async (request): Promise<SceneCoverage> => {
    const userId = learner(request);
    const storyId = idOf(request.params, 'Story');
    const [story] = await db.select().from(stories).where(and(eq(stories.id, storyId), eq(stories.userId, userId)));
    if (!story) throw new HttpError(404, 'Story not found');
    const [auto] = await db
      .select({ sceneId: saves.sceneId })
      .from(saves)
      .where(and(eq(saves.userId, userId), eq(saves.storyId, storyId), isNull(saves.slotIndex)));
    const sceneId = auto?.sceneId ?? story.currentSceneId;
    if (!sceneId) return { scene_id: null, known: 0, total: 0 };
    const { words } = await ownScene(userId, sceneId);
    const keys = [...words().counts.keys()];
    const states = await knowledge.statuses(userId, story.language as Language, keys);
    const known = keys.filter((key) => states[key]?.status === 'known' || states[key]?.status === 'ignored').length;
    return { scene_id: sceneId, known, total: keys.length };
  });
};
