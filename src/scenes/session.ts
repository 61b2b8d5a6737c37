import { proxy, subscribe, type Snapshot } from 'valtio';
import type { Language, StoryLevel } from '../shared/language';
import type { DialogueEntry, ServerEvent, StoryChoice } from '../shared/protocol';
import type { HistoryScene, SceneView, StoryDetail } from '../shared/story-views';

/** SPEC §9: choice hints at 4 s and 8 s, the choices come back at 10 s. */
export const CHOICE_TIMING = { stillWorkingMs: 4000, troubleMs: 8000, timeoutMs: 10_000 } as const;
export const CHOICE_HINTS = { stillWorking: 'Still working...', trouble: 'Having trouble, retrying soon...' } as const;

/** The study mode over the line: furigana is not one of them, it is a setting that stays on under both. */
export type ViewMode = 'none' | 'grammar' | 'vocabulary';

export interface SceneSetting {
  location: string;
  time_of_day: string;
  weather: string;
  atmosphere: string;
}

export interface SceneLine extends DialogueEntry {
  sceneId: string;
  /** Arrived live while the scene was being written (not replayed or loaded). */
  fromStreaming: boolean;
}

export interface SessionScene {
  sceneId: string;
  sceneNumber: number;
  generationId: string | null;
  setting: SceneSetting | null;
  imageUrl: string | null;
  /** The background picture: fetched before the scene is shown, so it never pops in. */
  background: 'waiting' | 'loading' | 'loaded' | 'error';
  lines: SceneLine[];
  choices: StoryChoice[];
  isEnding: boolean;
  endingTitle: string | null;
  /** The choice taken at the end of this scene on the path read: its text and id. */
  choiceMade: string | null;
  choiceMadeId: string | null;
  /** The choices of this scene with a branch already written after them (told by the server's history). */
  branches: string[];
  /** The furthest line read (-1: none), from the server and from this visit; skip runs up to it. */
  readTo: number;
}

export interface SessionState {
  storyId: string | null;
  title: string;
  language: Language | null;
  level: StoryLevel | null;
  characters: { id: string; name: string }[];
  /** The generation this reader waits for; events of any other are stale and dropped. */
  generationId: string | null;
  /** Scenes of the path in reading order; the last one is on screen. */
  scenes: SessionScene[];
  /** Earlier scenes of the path are on the server and not loaded yet (long stories come a page at a time). */
  historyMore: boolean;
  lineIndex: number;
  /**
   * Rollback: an earlier line shown instead of the current one (view only; the story stays where it is), as
   * an index into `scenes` and a line of it; null at the present.
   */
  rollback: { scene: number; line: number } | null;
  /** The current line is fully shown (the typewriter finished or was skipped). */
  lineRevealed: boolean;
  /** A scene is being written. */
  generating: boolean;
  /** Lines of the scene being written may still arrive. */
  streaming: boolean;
  choice: { processing: boolean; hint: string | null; timedOut: boolean };
  viewMode: ViewMode;
  /** The message of a BackgroundNotFound streaming error. */
  backgroundError: string | null;
  /** Why the story stopped (a streaming error), shown to the reader. */
  error: string | null;
}

/** What the session needs of the story socket. */
export interface SessionSocket {
  send(message: { type: 'choice'; choice_id: string; generation_id: string }): void;
  readonly state: string;
  reconnect(): void;
}

export interface SessionOptions {
  socket?: SessionSocket;
  preloadImage?: (url: string) => Promise<void>;
  newGenerationId?: () => string;
  warn?: (message: string) => void;
}

function initialState(): SessionState {
  return {
    storyId: null,
    title: '',
    language: null,
    level: null,
    characters: [],
    generationId: null,
    scenes: [],
    historyMore: false,
    lineIndex: 0,
    rollback: null,
    lineRevealed: false,
    generating: false,
    streaming: false,
    choice: { processing: false, hint: null, timedOut: false },
    viewMode: 'none',
    backgroundError: null,
    error: null,
  };
}

export function preloadImage(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => reject(new Error(`Could not load ${url}`));
    image.src = url;
  });
}

function sceneFromView(view: SceneView, fromStreaming = false): SessionScene {
  return {
    sceneId: view.scene_id,
    sceneNumber: view.scene_number,
    generationId: view.generation_id,
    setting: view.setting,
    imageUrl: view.scene_image_url,
    background: view.scene_image_url ? 'loading' : 'waiting',
    lines: view.dialogue.map((d) => ({ ...d, sceneId: view.scene_id, fromStreaming })),
    choices: view.choices,
    isEnding: view.is_ending,
    endingTitle: view.ending_title,
    choiceMade: null,
    choiceMadeId: null,
    branches: view.branches ?? [],
    readTo: view.read_to ?? -1,
  };
}

/** A scene of the path read before the current one; its picture loads when rollback comes to it. */
function sceneFromHistory(view: HistoryScene): SessionScene {
  return {
    ...sceneFromView(view),
    background: 'waiting',
    choiceMade: view.choices.find((c) => c.id === view.choice_made)?.text ?? null,
    choiceMadeId: view.choice_made,
    branches: view.branches,
  };
}

/**
 * The story session of SPEC §4 (dialogue queue and playback, choosing, reader entry) as a valtio store.
 * Socket events come in through `receive`; the reader calls the named actions. Nothing else writes it.
 */
export function createStorySession(options: SessionOptions = {}) {
  const state = proxy<SessionState>(initialState());
  let socket = options.socket;
  const preload = options.preloadImage ?? preloadImage;
  const newGenerationId = options.newGenerationId ?? (() => crypto.randomUUID());
  const warn = options.warn ?? ((message: string) => console.warn(message));
  let choiceTimers: ReturnType<typeof setTimeout>[] = [];

  const current = (): SessionScene | undefined => state.scenes.at(-1);
  const sceneById = (id: string | undefined) => (id ? state.scenes.find((s) => s.sceneId === id) : undefined);

  function clearChoiceTimers() {
    choiceTimers.forEach(clearTimeout);
    choiceTimers = [];
  }

  function settleChoice() {
    clearChoiceTimers();
    state.choice = { processing: false, hint: null, timedOut: false };
  }

  function loadBackground(scene: SessionScene, url: string) {
    scene.imageUrl = url;
    scene.background = 'loading';
    const sceneId = scene.sceneId;
    preload(url).then(
      () => setBackground(sceneId, url, 'loaded'),
      () => setBackground(sceneId, url, 'error'),
    );
  }

  function setBackground(sceneId: string, url: string, status: 'loaded' | 'error') {
    const scene = sceneById(sceneId);
    if (!scene || scene.imageUrl !== url) return;
    scene.background = status;
  }

  /** A scene's events may arrive before its metadata only on a replay; either way the scene exists once. */
  function sceneFor(event: ServerEvent): SessionScene | undefined {
    if (!event.scene_id) return current();
    const known = sceneById(event.scene_id);
    if (known) return known;
    const scene: SessionScene = {
      sceneId: event.scene_id,
      sceneNumber: (current()?.sceneNumber ?? 0) + 1,
      generationId: event.generation_id ?? null,
      setting: null,
      imageUrl: null,
      background: 'waiting',
      lines: [],
      choices: [],
      isEnding: false,
      endingTitle: null,
      choiceMade: null,
      choiceMadeId: null,
      branches: [],
      readTo: -1,
    };
    state.scenes.push(scene);
    const pushed = state.scenes.at(-1)!;
    state.lineIndex = 0;
    state.rollback = null;
    state.lineRevealed = false;
    return pushed;
  }

  /** SPEC §4 acceptance: events of another story, or of a generation this reader no longer waits for, are dropped. */
  function accepts(event: ServerEvent): boolean {
    if (event.story_id && state.storyId && event.story_id !== state.storyId) return false;
    if (event.generation_id && state.generationId && event.generation_id !== state.generationId) return false;
    if (event.type === 'choices_ready' && !state.generationId) return false;
    if (event.type === 'scene_part_ready' && !state.generationId) warn('A scene part arrived before any generation id; accepted.');
    return true;
  }

  function receive(event: ServerEvent): void {
    if (event.type === 'story_id_ready' && !state.storyId) state.storyId = event.data.story_id;
    if (!accepts(event)) return;
    switch (event.type) {
      case 'story_creation_started':
      case 'generation_started':
        state.generating = true;
        state.streaming = true;
        state.error = null;
        settleChoice();
        break;
      case 'story_id_ready':
        state.title = event.data.title;
        break;
      case 'scene_metadata_ready': {
        const scene = sceneFor(event)!;
        scene.sceneNumber = event.data.scene_number;
        scene.setting = event.data.setting;
        for (const character of event.data.characters) {
          if (!state.characters.some((c) => c.id === character.id)) state.characters.push(character);
        }
        break;
      }
      case 'background_ready': {
        const scene = sceneFor(event)!;
        if (scene.imageUrl !== event.data.scene_image_url) loadBackground(scene, event.data.scene_image_url);
        break;
      }
      case 'scene_part_ready': {
        const scene = sceneFor(event)!;
        const arriving = scene.lines.length === 0 && scene === current();
        for (const entry of event.data.dialogue_entries) {
          if (scene.lines.some((l) => l.index === entry.index)) continue;
          scene.lines.push({ ...entry, sceneId: scene.sceneId, fromStreaming: state.streaming });
        }
        scene.lines.sort((a, b) => a.index - b.index);
        if (arriving) settleChoice();
        break;
      }
      case 'choices_ready': {
        const scene = sceneFor(event)!;
        scene.choices = event.data.choices;
        scene.isEnding = event.data.is_ending ?? false;
        scene.endingTitle = event.data.ending_title ?? null;
        break;
      }
      case 'streaming_complete':
      case 'stream_done':
        state.streaming = false;
        state.generating = false;
        break;
      case 'streaming_error':
        state.generating = false;
        state.streaming = false;
        if (event.data.type === 'BackgroundNotFound') state.backgroundError = event.data.message;
        else state.error = event.data.message;
        settleChoice();
        break;
      default:
        break;
    }
  }

  function reset() {
    clearChoiceTimers();
    Object.assign(state, initialState());
  }

  /** A choice was sent: the scene after it is awaited under a new generation id, with SPEC §9's hints. */
  function awaitSceneAfter(scene: SessionScene, choice: StoryChoice): string {
    scene.choiceMade = choice.text;
    scene.choiceMadeId = choice.id;
    // A scene is written after this choice: from now on it is a path read before.
    if (!scene.branches.includes(choice.id)) scene.branches.push(choice.id);
    state.generationId = newGenerationId();
    state.generating = true;
    state.streaming = true;
    state.error = null;
    state.choice = { processing: true, hint: null, timedOut: false };
    clearChoiceTimers();
    choiceTimers = [
      setTimeout(() => (state.choice.hint = CHOICE_HINTS.stillWorking), CHOICE_TIMING.stillWorkingMs),
      setTimeout(() => (state.choice.hint = CHOICE_HINTS.trouble), CHOICE_TIMING.troubleMs),
      setTimeout(() => {
        state.choice = { processing: false, hint: null, timedOut: true };
        state.generating = false;
        state.streaming = false;
        scene.choiceMade = null;
        scene.choiceMadeId = null;
      }, CHOICE_TIMING.timeoutMs),
    ];
    return state.generationId;
  }

  /** The lines on screen: the current scene's. */
  function lines(): SceneLine[] {
    return current()?.lines ?? [];
  }

  return {
    state,
    receive,

    useSocket(next: SessionSocket) {
      socket = next;
    },

    /** Forgets everything (a new story, or leaving the reader for another story). */
    reset,

    /** A new story: its generation id is made here and sent with create_story. */
    beginCreation(input: { language: Language; level: StoryLevel }): string {
      reset();
      state.language = input.language;
      state.level = input.level;
      state.generationId = newGenerationId();
      state.generating = true;
      state.streaming = true;
      return state.generationId;
    },

    /**
     * Reader entry: a story opened from its stored record (continue, reload). A generation id handed over
     * by navigation wins over a missing or different stored one (SPEC §4), unless the server has since
     * written a newer scene, which is the truth.
     */
    enter(story: StoryDetail, navigationGenerationId?: string, startLine = 0) {
      const same = state.storyId === story.id && state.scenes.length > 0;
      if (!same) {
        reset();
        state.storyId = story.id;
      }
      state.title = story.title;
      state.language = story.language;
      state.level = story.level;
      state.characters = story.characters;
      if (navigationGenerationId && state.generationId !== navigationGenerationId) state.generationId = navigationGenerationId;
      const view = story.current_scene;
      if (!view) return;
      if (view.generation_id && view.generation_id !== state.generationId && !state.choice.processing) state.generationId = view.generation_id;
      if (same && sceneById(view.scene_id)) return;
      const scene = sceneFromView(view);
      state.scenes.push(scene);
      state.lineIndex = Math.min(startLine, Math.max(0, scene.lines.length - 1));
      state.lineRevealed = false;
      state.streaming = view.status === 'generating';
      state.generating = state.streaming;
      if (view.scene_image_url) loadBackground(state.scenes.at(-1)!, view.scene_image_url);
    },

    /**
     * A save was loaded: its scene replaces what is on screen, at the saved line. It may be on another path
     * of the story, so the scenes before it come again from the server (`setHistory`).
     */
    loadScene(view: SceneView, lineIndex: number) {
      settleChoice();
      const scene = sceneFromView(view);
      state.scenes = [scene];
      state.historyMore = false;
      state.generationId = view.generation_id ?? state.generationId;
      state.lineIndex = Math.min(lineIndex, Math.max(0, scene.lines.length - 1));
      state.rollback = null;
      state.lineRevealed = false;
      state.generating = false;
      state.streaming = false;
      state.error = null;
      if (view.scene_image_url) loadBackground(state.scenes.at(-1)!, view.scene_image_url);
    },

    /**
     * The path read before the scene `toSceneId` (the newest page of it), from the server: it takes the place
     * of whatever was before that scene. Ignored when that scene has left the screen in the meantime.
     */
    setHistory(toSceneId: string, views: HistoryScene[], more: boolean) {
      const at = state.scenes.findIndex((s) => s.sceneId === toSceneId);
      if (at === -1) return;
      const earlier = views.map(sceneFromHistory);
      const shift = earlier.length - at;
      state.scenes.splice(0, at, ...earlier);
      state.historyMore = more;
      if (state.rollback) state.rollback.scene += shift;
    },

    /** An earlier page of the path, asked for by the backlog. */
    prependHistory(views: HistoryScene[], more: boolean) {
      const known = new Set(state.scenes.map((s) => s.sceneId));
      const earlier = views.filter((v) => !known.has(v.scene_id)).map(sceneFromHistory);
      state.scenes.unshift(...earlier);
      state.historyMore = more;
      if (state.rollback) state.rollback.scene += earlier.length;
    },

    /** The typewriter finished (or was skipped) on the current line. */
    markRevealed() {
      state.lineRevealed = true;
    },

    /**
     * Rollback: one line further back through the lines already shown, across scenes. Returns whether there was
     * one.
     */
    rollBack(): boolean {
      const at = state.rollback ?? { scene: state.scenes.length - 1, line: state.lineIndex };
      if (at.scene < 0) return false;
      if (at.line > 0) state.rollback = { scene: at.scene, line: at.line - 1 };
      else {
        const previous = state.scenes.slice(0, at.scene).findLastIndex((s) => s.lines.length > 0);
        if (previous === -1) return false;
        state.rollback = { scene: previous, line: state.scenes[previous]!.lines.length - 1 };
        const earlier = state.scenes[previous]!;
        if (earlier.background === 'waiting' && earlier.imageUrl) loadBackground(earlier, earlier.imageUrl);
      }
      return true;
    },

    /** Rollback: one line forward again; at the present line, rollback ends. */
    rollForward(): boolean {
      const at = state.rollback;
      if (!at) return false;
      const last = state.scenes.length - 1;
      const end = at.scene === last ? state.lineIndex : state.scenes[at.scene]!.lines.length - 1;
      const nextScene = state.scenes.findIndex((s, i) => i > at.scene && s.lines.length > 0);
      const next = at.line < end ? { scene: at.scene, line: at.line + 1 } : nextScene === -1 ? null : { scene: nextScene, line: 0 };
      // Arrived at the present: looking back is over.
      state.rollback = !next || (next.scene === last && next.line >= state.lineIndex) ? null : next;
      return true;
    },

    /** Moves to the next line; never past the last one received. */
    advance(): boolean {
      if (state.lineIndex >= lines().length - 1) return false;
      const scene = current();
      if (scene) scene.readTo = Math.max(scene.readTo, state.lineIndex);
      state.lineIndex += 1;
      state.lineRevealed = false;
      return true;
    },

    /** Takes a choice: clears the queue, makes a new generation id, sends it, and starts the hint clock. */
    choose(choiceId: string) {
      const scene = current();
      const choice = scene?.choices.find((c) => c.id === choiceId);
      if (!scene || !choice || state.choice.processing || !socket) return;
      const generationId = awaitSceneAfter(scene, choice);
      if (socket.state !== 'CONNECTED') socket.reconnect();
      socket.send({ type: 'choice', choice_id: choiceId, generation_id: generationId });
    },

    /**
     * "Read the other path": another choice of a scene read earlier. The scenes after it leave the screen, and
     * the branch's first scene is awaited like any choice's. Returns the generation id to ask for it with, or
     * null when the scene or choice is not on screen's path (or a choice is already on its way).
     */
    branch(sceneId: string, choiceId: string): string | null {
      const at = state.scenes.findIndex((s) => s.sceneId === sceneId);
      const scene = state.scenes[at];
      const choice = scene?.choices.find((c) => c.id === choiceId);
      if (!scene || !choice || state.choice.processing) return null;
      state.scenes.splice(at + 1);
      state.lineIndex = Math.max(0, scene.lines.length - 1);
      state.rollback = null;
      state.lineRevealed = true;
      if (scene.background === 'waiting' && scene.imageUrl) loadBackground(scene, scene.imageUrl);
      return awaitSceneAfter(scene, choice);
    },

    /** Exactly one study mode; choosing the active one again returns to none. */
    toggleViewMode(mode: Exclude<ViewMode, 'none'>) {
      state.viewMode = state.viewMode === mode ? 'none' : mode;
    },

    /** Resolves when `check` holds, checked now and after every change of the session. */
    until(check: (state: SessionState) => boolean): { promise: Promise<void>; cancel(): void } {
      let unsubscribe = () => {};
      const promise = new Promise<void>((resolve) => {
        const test = () => {
          if (!check(state)) return;
          unsubscribe();
          resolve();
        };
        unsubscribe = subscribe(state, test);
        test();
      });
      return { promise, cancel: () => unsubscribe() };
    },
  };
}

export type StorySession = ReturnType<typeof createStorySession>;

/** A read-only view of the session: the store itself or a component's snapshot of it. */
export type SessionView = Snapshot<SessionState>;

/** Derived views of the session the reader shows. */
export function currentScene(state: SessionView): Snapshot<SessionScene> | undefined {
  return state.scenes.at(-1);
}

export function currentLine(state: SessionView): Snapshot<SceneLine> | undefined {
  return currentScene(state)?.lines[state.lineIndex];
}

/** The scene on screen: the current one, or the one rollback looks back at. */
export function shownScene(state: SessionView): Snapshot<SessionScene> | undefined {
  return state.rollback ? state.scenes[state.rollback.scene] : currentScene(state);
}

/** The line on screen: the current one, or the one rollback looks back at. */
export function shownLine(state: SessionView): Snapshot<SceneLine> | undefined {
  return state.rollback ? state.scenes[state.rollback.scene]?.lines[state.rollback.line] : currentLine(state);
}

export function isLastLine(state: SessionView): boolean {
  const scene = currentScene(state);
  return !!scene && state.lineIndex >= scene.lines.length - 1;
}

/** SPEC §4: the choices appear at the last line, once shown in full and once streaming has finished. */
export function choicesVisible(state: SessionView): boolean {
  const scene = currentScene(state);
  return !!scene && !state.rollback && scene.choices.length > 0 && !scene.choiceMade && isLastLine(state) && state.lineRevealed && !state.streaming;
}

/** Waiting for the next line: at the last line received while the scene is still being written. */
export function waitingForLines(state: SessionView): boolean {
  return !state.rollback && isLastLine(state) && state.streaming;
}

export function endingVisible(state: SessionView): boolean {
  const scene = currentScene(state);
  return !!scene && !state.rollback && scene.isEnding && isLastLine(state) && state.lineRevealed && !state.streaming;
}

/** The creation screen may hand over to the reader once these are all present (SPEC §2). */
export function readyToRead(state: SessionView): boolean {
  const scene = currentScene(state);
  return (
    !!state.storyId &&
    !!scene?.setting &&
    scene.lines.length > 0 &&
    (scene.background === 'loaded' || scene.background === 'error' || state.backgroundError !== null)
  );
}
