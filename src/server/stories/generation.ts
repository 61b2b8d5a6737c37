import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeEmotion, normalizeSetting, type Setting } from '../../shared/art';
import type { Language, StoryLevel } from '../../shared/language';
import type { DialogueEntry } from '../../shared/protocol';
import type { ThemeId } from '../../shared/stories';
import type { ArtService, PreparedBackground } from '../art/service';
import { refundStory } from '../billing/quota';
import { isDatabaseUnavailable, type Database } from '../db/client';
import { saves, scenes, stories, storyCharacters } from '../db/schema';
import { isAtOrBelow } from '../language/profile';
import type { LanguageServices } from '../language/services';
import type { LearnerWords } from '../review/learner-words';
import { StorytellerError, type ChoicePiece, type SceneRequest, type Storyteller, type StoryPiece } from '../storyteller/types';
import type { EventBus } from './event-bus';
import { createEventWriter, LeaseLostError } from './event-writer';
import type { SceneLease } from './scene-lease';
import { loadSceneState, type SceneState, type StoredChoice } from './scene-state';

export type { StoredChoice } from './scene-state';

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

/** Why a writer stops before its scene is done, given as the reason of the work's abort signal. */
export type StopReason = 'stopping' | 'hand-over' | 'lease-lost';

/** How a writer left its scene: written (or failed for good, and said so), stopped, or left for another writer. */
export type SceneOutcome = 'done' | 'stopped' | 'handed-over' | 'lease-lost';

/** Told to the reader of a scene the stopping server could not finish. */
export const SERVER_STOPPING = 'The server is restarting. Please reopen the story in a moment.';

/**
 * Writes one scene, or continues it from what is stored: ask the storyteller, turn each piece into stored
 * events in the order of the protocol (metadata → background → lines → choices → completion), check the level
 * as lines come, and retry a broken stream from the lines already shown. The caller holds the scene's lease.
 */
export async function writeScene(deps: GenerationDeps, lease: SceneLease, signal?: AbortSignal): Promise<SceneOutcome> {
  const state = await loadSceneState(deps.db, lease.sceneId);
  if (!state || state.scene.status !== 'generating') return 'done';
  const steps = sceneSteps(deps, state, lease);
  try {
    await steps.start();
    if (!state.sent.has('choices_ready')) {
      const told = await steps.tell(signal);
      // A scene that failed for good has said so and is done; one that was stopped is left as its stop asks.
      if (told === 'failed') return 'done';
      if (told === 'stopped') return await steps.leave(signal?.reason as StopReason);
    }
    await steps.complete();
    return 'done';
  } catch (err) {
    if (err instanceof LeaseLostError) return 'lease-lost';
    throw err;
  }
}

/** The named steps of writing a scene, sharing what is known of it. */
function sceneSteps(deps: GenerationDeps, state: SceneState, lease: SceneLease) {
  const { db, art, language, storyteller, log } = deps;
  const { story, scene, cast, dialogue, sent } = state;
  const first = scene.sceneNumber === 1;
  const lang = story.language as Language;
  const level = story.level as StoryLevel;
  const { emit, line: emitLine } = createEventWriter(db, deps.bus, story.id, lease);
  const ids = { sceneId: scene.id, generationId: scene.generationId ?? undefined };

  let title = story.title;
  let sourceId = story.sourceId ?? undefined;
  let sourceKey = scene.sourceKey ?? undefined;
  let summary = state.summary;
  let storyAnnounced = !first || sent.has('story_id_ready');
  let metadataSent = sent.has('scene_metadata_ready');
  let castKnown = metadataSent;
  let prepared: { setting: Setting; background: PreparedBackground } | undefined;

  // The picture draws while the storyteller goes on; the first line waits for it, as background_ready comes first.
  let backgroundShown: Promise<void> = Promise.resolve();
  let markDrawn = () => {};
  const backgroundDrawn = new Promise<void>((resolve) => (markDrawn = resolve));

  // The level check, per writer: a writer that continues a scene starts counting again.
  const avoidWords: string[] = [];
  let levelRetried = false;
  let gate = { words: 0, atOrBelow: 0 };
  let practiceWords: string[] = [];
  let knownKeys = new Set<string>();

  /** Announces the scene (once) and reads what the learner's words ask of it. */
  async function start() {
    if (!sent.has('story_creation_started') && !sent.has('generation_started')) await emit(first ? 'story_creation_started' : 'generation_started', {}, ids);
    if (metadataSent && scene.setting) await resumeBackground(scene.setting);
    // A storyteller that writes is asked for a few of the words the reader is learning; the words they know
    // count as in-level, whatever the lists say.
    if (storyteller.followsLevelFeedback && deps.learner) {
      const words = await deps.learner.practice(story.userId, lang, level);
      practiceWords = words.map((w) => (w.reading && w.reading !== w.word ? `${w.word} (${w.reading})` : w.word));
      knownKeys = await deps.learner.knownKeys(story.userId, lang);
    }
  }

  /** A continued scene keeps its setting; its picture is sent unless the reader already has it. */
  async function resumeBackground(setting: Setting) {
    prepared = { setting, background: await art.prepareBackground(setting) };
    if (sent.has('background_ready')) markDrawn();
    else {
      backgroundShown = showBackground(prepared.background, setting);
      backgroundShown.catch(() => undefined);
    }
  }

  async function announceStory() {
    if (storyAnnounced) return;
    storyAnnounced = true;
    await db.update(stories).set({ title, sourceId: sourceId ?? null }).where(eq(stories.id, story.id));
    await emit('story_id_ready', { story_id: story.id, title }, ids);
  }

  async function addCharacters(list: { key: string; name: string; appearance?: unknown }[]) {
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
  }

  async function showBackground(background: PreparedBackground, setting: Setting) {
    try {
      await background.ready.finally(markDrawn);
    } catch (err) {
      log.error({ err }, 'background could not be drawn');
      await emit('streaming_error', { type: 'BackgroundNotFound', message: `Missing background for ${setting.location} at ${setting.time_of_day}` }, ids);
    }
    await emit('background_ready', { scene_image_url: background.url }, ids);
  }

  /** The picture starts drawing the moment the setting is known; the metadata also waits for the cast. */
  async function prepareSetting(piece: Extract<StoryPiece, { kind: 'setting' }>) {
    const setting = normalizeSetting(piece.setting);
    sourceKey = piece.sourceKey ?? sourceKey;
    prepared = { setting, background: await art.prepareBackground(setting) };
  }

  async function sendMetadata() {
    if (metadataSent || !prepared) return;
    await announceStory();
    metadataSent = true;
    const { setting, background } = prepared;
    await db.update(scenes).set({ setting, imageUrl: background.url, sourceKey: sourceKey ?? null }).where(eq(scenes.id, scene.id));
    const characters = [...cast.values()].map(({ id, name }) => ({ id, name }));
    await emit('scene_metadata_ready', { scene_number: scene.sceneNumber, setting, characters }, ids);
    backgroundShown = showBackground(background, setting);
    backgroundShown.catch(() => undefined);
  }

  /** False when the level check asks for the rest of the scene to be written again. */
  async function sendLine(piece: Extract<StoryPiece, { kind: 'line' }>): Promise<boolean> {
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
    await emitLine(entry, { ...ids, sceneId: scene.id });
    dialogue.push(entry);
    return levelHolds(analysed, profile);
  }

  function levelHolds(analysed: ReturnType<LanguageServices['analyse']>, profile: ReturnType<LanguageServices['profile']>): boolean {
    const knownAbove = knownAboveLevel(language, analysed, level, knownKeys);
    gate = { words: gate.words + profile.content_words, atOrBelow: gate.atOrBelow + Math.min(profile.content_words, profile.at_or_below + knownAbove.count) };
    for (const word of profile.new_words) if (!knownAbove.bases.has(word.base_form) && !avoidWords.includes(word.base_form)) avoidWords.push(word.base_form);
    if (!storyteller.followsLevelFeedback || levelRetried || gate.words < LEVEL_CHECK_MIN_WORDS || gate.atOrBelow / gate.words >= LEVEL_TARGET_SHARE) return true;
    levelRetried = true;
    log.info({ storyId: story.id, scene: scene.sceneNumber, avoidWords }, 'scene above level; writing the rest again');
    return false;
  }

  async function sendChoices(choices: ChoicePiece[], ending?: string) {
    const stored: StoredChoice[] = choices.map((c) => {
      const analysed = language.analyse(c.text, lang);
      return { id: c.id, text: analysed.text, html_text: analysed.html, language_note: c.language_note, ...(c.next ? { next: c.next } : {}) };
    });
    await db
      .update(scenes)
      .set({ choices: stored, isEnding: ending !== undefined, endingTitle: ending ?? null, summary })
      .where(eq(scenes.id, scene.id));
    const visible = stored.map(({ next: _next, ...choice }) => choice);
    await emit('choices_ready', ending !== undefined ? { choices: [], is_ending: true, ending_title: ending } : { choices: visible }, ids);
  }

  function request(): SceneRequest {
    return {
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
      choicesMade: state.choicesMade,
      linesShown: dialogue.map((d) => ({ speaker: d.speaker || 'narrator', text: d.text })),
      avoidWords: levelRetried ? avoidWords : [],
      practiceWords,
    };
  }

  /** One attempt: the storyteller's stream turned into events; 'rewrite' when the level check stopped it. */
  async function attempt(controller: AbortController): Promise<'told' | 'rewrite'> {
    let choices: ChoicePiece[] | undefined;
    let ending: string | undefined;
    for await (const piece of storyteller.tell(request(), controller.signal)) {
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
          controller.abort();
          return 'rewrite';
        }
      } else if (piece.kind === 'choices') choices = piece.choices;
      else if (piece.kind === 'ending') ending = piece.title;
      else if (piece.kind === 'summary') summary = piece.summary;
    }
    if (!metadataSent || dialogue.length === 0) throw new StorytellerError('GenerationFailed', 'The storyteller returned a scene without dialogue.');
    if (ending === undefined && (!choices || choices.length < 2)) throw new StorytellerError('GenerationFailed', 'The storyteller returned a scene without choices.');
    await sendChoices(choices ?? [], ending);
    return 'told';
  }

  /** Asks the storyteller until the scene is told, retrying a broken stream from the lines already shown. */
  async function tell(signal?: AbortSignal): Promise<'told' | 'stopped' | 'failed'> {
    for (let tries = 0; ; tries++) {
      const controller = new AbortController();
      if (signal?.aborted) controller.abort();
      const stopping = () => controller.abort();
      signal?.addEventListener('abort', stopping, { once: true });
      try {
        const told = await attempt(controller);
        if (told === 'told') return told;
      } catch (err) {
        controller.abort();
        if (signal?.aborted) return 'stopped';
        // Nothing can be stored, or another writer has the scene: asking the storyteller again would only
        // cost model calls.
        if (isDatabaseUnavailable(err) || err instanceof LeaseLostError) throw err;
        const failure = err instanceof StorytellerError ? err : new StorytellerError('GenerationFailed', 'The story could not be written.');
        log.warn({ err, attempt: tries, storyId: story.id }, 'storyteller failed');
        if (tries < MAX_RETRIES && failure.retryable) continue;
        await fail(failure);
        return 'failed';
      } finally {
        signal?.removeEventListener('abort', stopping);
      }
    }
  }

  /** The scene cannot be written: a new story is given back; the reader is told why. */
  async function fail(failure: StorytellerError) {
    await backgroundShown.catch(() => undefined);
    await db.update(scenes).set({ status: 'failed' }).where(eq(scenes.id, scene.id));
    if (first) {
      await db.update(stories).set({ status: 'failed' }).where(eq(stories.id, story.id));
      await refundStory(db, story.userId, story.id);
    }
    await emit('streaming_error', { type: failure.type, message: failure.message }, ids);
  }

  /**
   * The writer stops before the scene is done. Handing over (another process continues it) tells the reader
   * nothing: their lines keep coming from the next writer. A server stopping alone refunds a new story and
   * marks it failed, so nobody pays for it; a later scene stays `generating` and is continued when its reader
   * comes back.
   */
  async function leave(reason: StopReason): Promise<'stopped' | 'handed-over' | 'lease-lost'> {
    await backgroundShown.catch(() => undefined);
    if (reason === 'lease-lost') return 'lease-lost';
    if (reason === 'hand-over') return 'handed-over';
    if (first) {
      await db.update(scenes).set({ status: 'failed' }).where(eq(scenes.id, scene.id));
      await db.update(stories).set({ status: 'failed' }).where(eq(stories.id, story.id));
      await refundStory(db, story.userId, story.id);
    }
    await emit('streaming_error', { type: 'ProviderUnavailable', message: SERVER_STOPPING }, ids);
    return 'stopped';
  }

  /** The scene is whole: its profile, the story's state and the auto save, then the closing events. */
  async function complete() {
    const text = dialogue.map((d) => d.text).join('\n');
    const profile = language.profile(language.analyse(text, lang), level);
    const [done] = await db
      .update(scenes)
      .set({ status: 'complete', levelProfile: { ...profile }, writer: null, leaseUntil: null })
      .where(sql`${scenes.id} = ${scene.id} AND ${scenes.writer} = ${lease.writer}`)
      .returning({ summary: scenes.summary });
    if (!done) throw new LeaseLostError(scene.id);
    summary = done.summary ?? summary;
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
    // The closing events go out without the fence: the scene is complete and no writer holds it any more.
    const { emit: close } = createEventWriter(db, deps.bus, story.id);
    if (first) await close('story_created', { story_id: story.id }, ids);
    else await close('generation_complete', {}, ids);
    await close('streaming_complete', {}, ids);
    await close('stream_done', {}, ids);
  }

  return { start, tell, leave, complete };
}

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
