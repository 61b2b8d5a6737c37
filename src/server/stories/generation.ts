import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeEmotion, normalizeSetting, type Setting } from '../../shared/art';
import type { Language, StoryLevel } from '../../shared/language';
import type { DialogueEntry, EventDataOf, EventType, ServerEvent, StoryChoice } from '../../shared/protocol';
import type { ThemeId } from '../../shared/stories';
import type { ArtService, PreparedBackground } from '../art/service';
import { refundStory } from '../billing/quota';
import { isDatabaseUnavailable, type Database } from '../db/client';
import { saves, scenes, stories, storyCharacters, storyEvents } from '../db/schema';
import { isAtOrBelow } from '../language/profile';
import type { LanguageServices } from '../language/services';
import type { LearnerWords } from '../review/learner-words';
import { StorytellerError, type ChoicePiece, type SceneRequest, type Storyteller, type StoryPiece } from '../storyteller/types';
import type { EventBus } from './event-bus';

/** A scene is regenerated once when fewer than this share of its content words are at or below the level. */
export const LEVEL_TARGET_SHARE = 0.9;
/** The level check waits for this many content words, so one hard word in a short line does not decide. */
const LEVEL_CHECK_MIN_WORDS = 12;
/** Attempts at a scene whose stream breaks or cannot be parsed, after the first. */
const MAX_RETRIES = 2;

export interface GenerationDeps {
  db: Database;
  art: ArtService;
  language: LanguageServices;
  storyteller: Storyteller;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** The reader's words (Learner memory 2): asked of a storyteller that writes, and counted by the level check. */
  learner?: LearnerWords;
}

type StoryRow = typeof stories.$inferSelect;
type SceneRow = typeof scenes.$inferSelect;

/** A stored choice: what the reader sees, plus where a library choice leads. */
export type StoredChoice = StoryChoice & { next?: string };

/**
 * Writes one story's events: numbers them, stores them, then publishes them. The number comes from the
 * story's own counter in the same statement as the insert, so two writers can never take the same id.
 */
export function createEventWriter(db: Database, bus: EventBus, storyId: string) {
  return async function emit<T extends EventType>(
    type: T,
    data: EventDataOf<T>,
    ids: { sceneId?: string; generationId?: string } = {},
  ): Promise<ServerEvent<T>> {
    const result = await db.execute<{ event_id: number }>(sql`
      WITH next AS (
        UPDATE ${stories} SET ${sql.identifier(stories.lastEventId.name)} = ${stories.lastEventId} + 1
        WHERE ${stories.id} = ${storyId}::uuid RETURNING ${stories.lastEventId} AS id
      )
      INSERT INTO ${storyEvents} (story_id, event_id, type, scene_id, generation_id, data)
      SELECT ${storyId}::uuid, next.id, ${type}::text, ${ids.sceneId ?? null}::uuid, ${ids.generationId ?? null}::text, ${JSON.stringify(data)}::jsonb FROM next
      RETURNING event_id`);
    const eventId = Number((result as unknown as { rows: { event_id: number }[] }).rows[0]?.event_id);
    if (!eventId) throw new Error(`story ${storyId} has no row to number its events`);
    const event = {
      type,
      event_id: eventId,
      story_id: storyId,
      ...(ids.sceneId ? { scene_id: ids.sceneId } : {}),
      ...(ids.generationId ? { generation_id: ids.generationId } : {}),
      data,
    } as ServerEvent<T>;
    bus.publish(storyId, event as ServerEvent);
    return event;
  };
}

export interface SceneJob {
  story: StoryRow;
  scene: SceneRow;
  generationId?: string;
  choicesMade: { sceneNumber: number; text: string }[];
  /** A story created just now: it has no cast yet, so there is nothing to read back. */
  isNew?: boolean;
  /** Aborted when the server stops: the scene ends at once and says so. */
  signal?: AbortSignal;
}

/** Told to the reader of a scene the stopping server could not finish. */
export const SERVER_STOPPING = 'The server is restarting. Please reopen the story in a moment.';

/**
 * The words of a line above the story's level that the reader knows: the level check counts them as in-level
 * (a learner who knows 図書館 at N5 reads it as easily as an N5 word) and never asks the model to avoid them.
 */
function knownAboveLevel(language: LanguageServices, analysed: ReturnType<LanguageServices['analyse']>, level: StoryLevel, known: ReadonlySet<string>) {
  const bases = new Set<string>();
  let count = 0;
  if (known.size === 0) return { count, bases };
  for (const word of language.vocabulary(analysed)) {
    if (!word.level || isAtOrBelow(word.level, level) || !known.has(word.key)) continue;
    count += 1;
    bases.add(word.base_form);
  }
  return { count, bases };
}

/**
 * Tells one scene: asks the storyteller, turns each piece into stored events in the order of the
 * protocol (metadata → background → parts → choices → completion), checks the level as lines come,
 * and retries a broken stream from the lines already shown.
 */
export async function generateScene(deps: GenerationDeps, job: SceneJob): Promise<void> {
  const { db, art, language, storyteller, log } = deps;
  const { story, scene, generationId } = job;
  const first = scene.sceneNumber === 1;
  const lang = story.language as Language;
  const level = story.level as StoryLevel;
  const emit = createEventWriter(db, deps.bus, story.id);
  const ids = { sceneId: scene.id, generationId };

  const cast = new Map<string, { id: string; name: string }>();
  const known = job.isNew ? [] : await db.select().from(storyCharacters).where(eq(storyCharacters.storyId, story.id));
  for (const c of known) cast.set(c.key, { id: c.characterId, name: c.name });
  const dialogue: DialogueEntry[] = [];
  let title = story.title;
  let storyAnnounced = !first;
  let metadataSent = false;
  let sourceId = story.sourceId ?? undefined;
  let sourceKey = scene.sourceKey ?? undefined;
  let summary = await summaryBefore(db, story, scene);
  const avoidWords: string[] = [];
  // A storyteller that writes is asked for a few of the words the reader is learning; the words they know
  // count as in-level, whatever the lists say.
  const writes = storyteller.followsLevelFeedback && deps.learner;
  const practiceWords = writes ? await deps.learner!.practice(story.userId, lang, level) : [];
  const knownKeys = writes ? await deps.learner!.knownKeys(story.userId, lang) : new Set<string>();
  let levelRetried = false;
  let gate = { words: 0, atOrBelow: 0 };

  await emit(first ? 'story_creation_started' : 'generation_started', {}, ids);

  const announceStory = async () => {
    if (storyAnnounced) return;
    storyAnnounced = true;
    await db.update(stories).set({ title, sourceId: sourceId ?? null }).where(eq(stories.id, story.id));
    await emit('story_id_ready', { story_id: story.id, title }, ids);
  };

  // The picture draws while the storyteller goes on; the first line waits for it, as background_ready comes first.
  let backgroundShown: Promise<void> = Promise.resolve();
  let markDrawn = () => {};
  const backgroundDrawn = new Promise<void>((resolve) => (markDrawn = resolve));

  const addCharacters = async (list: { key: string; name: string; appearance?: unknown }[]) => {
    const fresh = list.filter((c, i) => !cast.has(c.key) && list.findIndex((other) => other.key === c.key) === i);
    const created = await art.createCharacters(fresh);
    if (created.length === 0) return;
    // The background is on the way to the reader's first screen; the sprites draw after it.
    void backgroundDrawn.then(() => art.drawSprites(created.map((c) => c.appearance)));
    await db
      .insert(storyCharacters)
      .values(fresh.map((c, i) => ({ storyId: story.id, key: c.key, characterId: created[i]!.id, name: c.name })))
      .onConflictDoNothing();
    fresh.forEach((c, i) => cast.set(c.key, { id: created[i]!.id, name: c.name }));
  };

  const showBackground = async (background: PreparedBackground, setting: Setting) => {
    try {
      await background.ready.finally(markDrawn);
    } catch (err) {
      log.error({ err }, 'background could not be drawn');
      await emit('streaming_error', { type: 'BackgroundNotFound', message: `Missing background for ${setting.location} at ${setting.time_of_day}` }, ids);
    }
    await emit('background_ready', { scene_image_url: background.url }, ids);
  };

  // The picture starts drawing the moment the setting is known; the metadata also waits for the cast.
  let prepared: { setting: Setting; background: PreparedBackground } | undefined;
  let castKnown = false;
  const prepareSetting = async (piece: Extract<StoryPiece, { kind: 'setting' }>) => {
    const setting = normalizeSetting(piece.setting);
    sourceKey = piece.sourceKey ?? sourceKey;
    prepared = { setting, background: await art.prepareBackground(setting) };
  };

  const sendMetadata = async () => {
    if (metadataSent || !prepared) return;
    await announceStory();
    metadataSent = true;
    const { setting, background } = prepared;
    await db.update(scenes).set({ setting, imageUrl: background.url, sourceKey: sourceKey ?? null }).where(eq(scenes.id, scene.id));
    const characters = [...cast.values()].map(({ id, name }) => ({ id, name }));
    await emit('scene_metadata_ready', { scene_number: scene.sceneNumber, setting, characters }, ids);
    backgroundShown = showBackground(background, setting);
    backgroundShown.catch(() => undefined);
  };

  /** False when the level check asks for the rest of the scene to be written again. */
  const sendLine = async (piece: Extract<StoryPiece, { kind: 'line' }>): Promise<boolean> => {
    const speaker = piece.speaker === 'narrator' ? undefined : (cast.get(piece.speaker) ?? [...cast.values()].find((c) => c.name === piece.speaker));
    const analysed = language.analyse(piece.text, lang);
    const profile = language.profile(analysed, level);
    const entry: DialogueEntry = {
      index: dialogue.length,
      speaker: speaker?.name ?? (piece.speaker === 'narrator' ? '' : piece.speaker),
      text: analysed.text,
      html_text: analysed.html,
      emotion: normalizeEmotion(piece.emotion),
      character_id: speaker?.id ?? null,
      new_words: profile.new_words,
    };
    await backgroundShown;
    dialogue.push(entry);
    await db
      .update(scenes)
      .set({ dialogue: sql`${scenes.dialogue} || ${JSON.stringify([entry])}::jsonb` })
      .where(eq(scenes.id, scene.id));
    await emit('scene_part_ready', { part_index: entry.index, part: 'dialogue', dialogue_entries: [entry] }, ids);

    const knownAbove = knownAboveLevel(language, analysed, level, knownKeys);
    gate = { words: gate.words + profile.content_words, atOrBelow: gate.atOrBelow + Math.min(profile.content_words, profile.at_or_below + knownAbove.count) };
    for (const word of profile.new_words) if (!knownAbove.bases.has(word.base_form) && !avoidWords.includes(word.base_form)) avoidWords.push(word.base_form);
    if (!storyteller.followsLevelFeedback || levelRetried || gate.words < LEVEL_CHECK_MIN_WORDS || gate.atOrBelow / gate.words >= LEVEL_TARGET_SHARE) return true;
    levelRetried = true;
    log.info({ storyId: story.id, scene: scene.sceneNumber, avoidWords }, 'scene above level; writing the rest again');
    return false;
  };

  const finishWith = async (choices: ChoicePiece[], ending?: string) => {
    const stored: StoredChoice[] = choices.map((c) => {
      const analysed = language.analyse(c.text, lang);
      return { id: c.id, text: analysed.text, html_text: analysed.html, language_note: c.language_note, ...(c.next ? { next: c.next } : {}) };
    });
    await db
      .update(scenes)
      .set({ choices: stored, isEnding: ending !== undefined, endingTitle: ending ?? null })
      .where(eq(scenes.id, scene.id));
    const visible = stored.map(({ next: _next, ...choice }) => choice);
    await emit('choices_ready', ending !== undefined ? { choices: [], is_ending: true, ending_title: ending } : { choices: visible }, ids);
  };

  /**
   * The server is stopping. A new story is refunded and marked failed, so nobody pays for it; a later
   * scene stays `generating` and is written again when its reader comes back.
   */
  const stopped = async () => {
    await backgroundShown.catch(() => undefined);
    if (first) {
      await db.update(scenes).set({ status: 'failed' }).where(eq(scenes.id, scene.id));
      await db.update(stories).set({ status: 'failed' }).where(eq(stories.id, story.id));
      await refundStory(db, story.userId, story.id);
    }
    await emit('streaming_error', { type: 'ProviderUnavailable', message: SERVER_STOPPING }, ids);
  };

  let finished = false;
  for (let attempt = 0; !finished; attempt++) {
    const controller = new AbortController();
    if (job.signal?.aborted) controller.abort();
    const stopping = () => controller.abort();
    job.signal?.addEventListener('abort', stopping, { once: true });
    const request: SceneRequest = {
      language: lang,
      level,
      theme: story.theme as ThemeId,
      customPrompt: story.customPrompt ?? undefined,
      sceneNumber: scene.sceneNumber,
      sourceId,
      sourceKey,
      title,
      summary,
      characters: [...cast].map(([key, c]) => ({ key, name: c.name })),
      choicesMade: job.choicesMade,
      linesShown: dialogue.map((d) => ({ speaker: d.speaker || 'narrator', text: d.text })),
      avoidWords: levelRetried ? avoidWords : [],
      practiceWords: practiceWords.map((w) => (w.reading && w.reading !== w.word ? `${w.word} (${w.reading})` : w.word)),
    };
    let choices: ChoicePiece[] | undefined;
    let ending: string | undefined;
    let rewrite = false;
    try {
      for await (const piece of storyteller.tell(request, controller.signal)) {
        if (piece.kind === 'story') {
          title = piece.title;
          sourceId = piece.sourceId ?? sourceId;
        } else if (piece.kind === 'characters') {
          await addCharacters(piece.characters);
          castKnown = true;
          await sendMetadata();
        } else if (piece.kind === 'setting') {
          if (prepared) continue;
          await prepareSetting(piece);
          if (castKnown) await sendMetadata();
        } else if (piece.kind === 'line') {
          if (!prepared) throw new StorytellerError('GenerationFailed', 'The storyteller wrote a line before the scene setting.');
          await sendMetadata();
          if (!(await sendLine(piece))) {
            rewrite = true;
            controller.abort();
            break;
          }
        } else if (piece.kind === 'choices') choices = piece.choices;
        else if (piece.kind === 'ending') ending = piece.title;
        else if (piece.kind === 'summary') summary = piece.summary;
      }
      if (rewrite) continue;
      if (!metadataSent || dialogue.length === 0) throw new StorytellerError('GenerationFailed', 'The storyteller returned a scene without dialogue.');
      if (ending === undefined && (!choices || choices.length < 2)) throw new StorytellerError('GenerationFailed', 'The storyteller returned a scene without choices.');
      await finishWith(choices ?? [], ending);
      finished = true;
    } catch (err) {
      controller.abort();
      if (job.signal?.aborted) return stopped();
      // Nothing can be stored: asking the storyteller again would only cost model calls. The stories
      // service tells the reader, and the scene is written again once the database is back.
      if (isDatabaseUnavailable(err)) throw err;
      const failure = err instanceof StorytellerError ? err : new StorytellerError('GenerationFailed', 'The story could not be written.');
      log.warn({ err, attempt, storyId: story.id }, 'storyteller failed');
      if (attempt < MAX_RETRIES && failure.retryable) continue;
      await backgroundShown.catch(() => undefined);
      await db.update(scenes).set({ status: 'failed' }).where(eq(scenes.id, scene.id));
      if (first) {
        await db.update(stories).set({ status: 'failed' }).where(eq(stories.id, story.id));
        await refundStory(db, story.userId, story.id);
      }
      await emit('streaming_error', { type: failure.type, message: failure.message }, ids);
      return;
    } finally {
      job.signal?.removeEventListener('abort', stopping);
    }
  }

  const text = dialogue.map((d) => d.text).join('\n');
  const profile = language.profile(language.analyse(text, lang), level);
  await db.update(scenes).set({ status: 'complete', levelProfile: { ...profile }, summary }).where(eq(scenes.id, scene.id));
  await db.update(stories).set({ status: 'ready', summary, title }).where(eq(stories.id, story.id));
  await db
    .insert(saves)
    .values({ userId: story.userId, storyId: story.id, sceneId: scene.id, lineIndex: 0, saveName: 'Auto Save' })
    .onConflictDoUpdate({
      target: [saves.userId, saves.storyId],
      targetWhere: sql`${saves.slotIndex} is null`,
      set: { sceneId: scene.id, lineIndex: 0, createdAt: new Date() },
      // The reader may already be reading this scene's lines as they stream in (read_to): keep their place.
      setWhere: sql`${saves.sceneId} <> ${scene.id}`,
    });
  if (first) await emit('story_created', { story_id: story.id }, ids);
  else await emit('generation_complete', {}, ids);
  await emit('streaming_complete', {}, ids);
  await emit('stream_done', {}, ids);
}

/**
 * What the storyteller knew before this scene: the summary left by the scene it follows, so a branch from
 * an earlier choice does not inherit what happened on another branch. Scenes stored before summaries were
 * kept per scene fall back to the story's.
 */
async function summaryBefore(db: Database, story: StoryRow, scene: SceneRow): Promise<string> {
  if (!scene.parentSceneId) return story.summary;
  const [parent] = await db.select({ summary: scenes.summary }).from(scenes).where(eq(scenes.id, scene.parentSceneId));
  return parent?.summary ?? story.summary;
}
