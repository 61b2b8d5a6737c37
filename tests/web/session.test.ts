import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHOICE_HINTS,
  choicesVisible,
  createStorySession,
  currentLine,
  endingVisible,
  readyToRead,
  shownLine,
  waitingForLines,
  type SessionSocket,
} from '../../src/scenes/session';
import type { DialogueEntry, EventDataOf, EventType, ServerEvent } from '../../src/shared/protocol';
import type { HistoryScene, StoryDetail } from '../../src/shared/story-views';

const STORY = '11111111-1111-4111-8111-111111111111';
const OTHER_STORY = '22222222-2222-4222-8222-222222222222';
const SCENE_1 = '33333333-3333-4333-8333-333333333333';
const SCENE_2 = '44444444-4444-4444-8444-444444444444';

let eventId = 0;
function event<T extends EventType>(type: T, data: EventDataOf<T>, envelope: Partial<ServerEvent> = {}): ServerEvent {
  return { type, event_id: ++eventId, story_id: STORY, data, ...envelope } as ServerEvent;
}

function line(index: number, text = `Line ${index}`): DialogueEntry {
  return { index, speaker: 'Aoi', text, html_text: text, emotion: 'neutral', character_id: null, new_words: [] };
}

const part = (scene: string, generation: string, index: number, text?: string) =>
  event('scene_part_ready', { part_index: index, part: 'dialogue', dialogue_entries: [line(index, text)] }, { scene_id: scene, generation_id: generation });

const setting = { location: 'Park', time_of_day: 'day', weather: 'clear', atmosphere: 'calm' };

function fakeSocket() {
  const sent: unknown[] = [];
  const socket: SessionSocket & { sent: unknown[]; reconnects: number; connected: boolean } = {
    sent,
    reconnects: 0,
    connected: true,
    get state() {
      return this.connected ? 'CONNECTED' : 'DISCONNECTED';
    },
    send: (message) => sent.push(message),
    reconnect() {
      this.reconnects++;
    },
  };
  return socket;
}

let generations = 0;
function setup(preload: (url: string) => Promise<void> = () => Promise.resolve()) {
  const socket = fakeSocket();
  const warnings: string[] = [];
  const session = createStorySession({ socket, preloadImage: preload, newGenerationId: () => `gen-${++generations}`, warn: (m) => warnings.push(m) });
  return { session, socket, warnings, state: session.state };
}

/** A first scene streamed through creation, with `lines` lines and two choices. */
function createdStory(lines = 3) {
  const t = setup();
  const generation = t.session.beginCreation({ language: 'ja', level: 'N5' });
  const e = (type: EventType, data: unknown) => t.session.receive(event(type, data as never, { scene_id: SCENE_1, generation_id: generation }));
  e('story_creation_started', {});
  e('story_id_ready', { story_id: STORY, title: 'A walk' });
  e('scene_metadata_ready', { scene_number: 1, setting, characters: [] });
  e('background_ready', { scene_image_url: '/bg/1.png' });
  for (let i = 0; i < lines; i++) t.session.receive(part(SCENE_1, generation, i));
  e('choices_ready', { choices: [{ id: 'c1', text: 'Go left', html_text: 'Go left', language_note: '' }, { id: 'c2', text: 'Go right', html_text: 'Go right', language_note: '' }] });
  return { ...t, generation, finish: () => e('stream_done', {}) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the story session', () => {
  it('keeps each line once per scene and index, in index order, whatever order or how often they come', () => {
    const { session, state, generation } = createdStory(0);
    for (const index of [1, 0, 1, 2, 0]) session.receive(part(SCENE_1, generation, index));
    expect(state.scenes[0]!.lines.map((l) => l.index)).toEqual([0, 1, 2]);
  });

  it('drops choices and parts of another story or of a generation it no longer waits for', () => {
    const { session, state, generation } = createdStory(1);
    session.receive({ ...part(SCENE_1, generation, 1), story_id: OTHER_STORY } as ServerEvent);
    session.receive(part(SCENE_1, 'stale-generation', 2));
    session.receive(event('choices_ready', { choices: [] }, { scene_id: SCENE_1, generation_id: 'stale-generation' }));
    expect(state.scenes[0]!.lines).toHaveLength(1);
    expect(state.scenes[0]!.choices).toHaveLength(2);
  });

  it('ignores choices while it has no generation id, but takes parts then, with a warning', () => {
    const { session, state, warnings } = setup();
    session.receive(event('scene_metadata_ready', { scene_number: 1, setting, characters: [] }, { scene_id: SCENE_1 }));
    session.receive(part(SCENE_1, undefined as never, 0));
    session.receive(event('choices_ready', { choices: [{ id: 'c', text: 't', html_text: 't', language_note: '' }] }, { scene_id: SCENE_1 }));
    expect(state.scenes[0]!.lines).toHaveLength(1);
    expect(state.scenes[0]!.choices).toHaveLength(0);
    expect(warnings).toHaveLength(1);
  });

  it('advances line by line, never past the last line received, and waits while the scene is still written', () => {
    const { session, state, generation } = createdStory(2);
    expect(session.advance()).toBe(true);
    expect(currentLine(state)!.index).toBe(1);
    expect(session.advance()).toBe(false);
    expect(waitingForLines(state)).toBe(true);
    session.receive(part(SCENE_1, generation, 2));
    expect(session.advance()).toBe(true);
    expect(state.lineIndex).toBe(2);
  });

  it('shows the choices only at the last line, once it is shown in full and streaming has finished', () => {
    const { session, state, finish } = createdStory(2);
    session.advance();
    session.markRevealed();
    expect(choicesVisible(state)).toBe(false);
    finish();
    expect(choicesVisible(state)).toBe(true);
    expect(endingVisible(state)).toBe(false);
  });

  it('sends a choice with a new generation id, hints at 4 s and 8 s and gives the choices back at 10 s', () => {
    const { session, state, socket, finish, generation } = createdStory(1);
    finish();
    session.markRevealed();
    session.choose('c2');
    expect(state.generationId).not.toBe(generation);
    expect(socket.sent).toEqual([{ type: 'choice', choice_id: 'c2', generation_id: state.generationId }]);
    expect(state.choice).toEqual({ processing: true, hint: null, timedOut: false });
    expect(choicesVisible(state)).toBe(false);
    session.choose('c1');
    expect(socket.sent).toHaveLength(1);
    vi.advanceTimersByTime(3999);
    expect(state.choice.hint).toBeNull();
    vi.advanceTimersByTime(1);
    expect(state.choice.hint).toBe(CHOICE_HINTS.stillWorking);
    vi.advanceTimersByTime(4000);
    expect(state.choice.hint).toBe(CHOICE_HINTS.trouble);
    vi.advanceTimersByTime(2000);
    expect(state.choice).toEqual({ processing: false, hint: null, timedOut: true });
    expect(choicesVisible(state)).toBe(true);
  });

  it('reconnects instead of waiting when the socket is down as a choice is taken (the choice is queued)', () => {
    const { session, socket, finish } = createdStory(1);
    finish();
    session.markRevealed();
    socket.connected = false;
    session.choose('c1');
    expect(socket.reconnects).toBe(1);
    expect(socket.sent).toHaveLength(1);
  });

  it('moves to the next scene when it starts, ends the processing state and drops the old generation', () => {
    const { session, state, finish, generation } = createdStory(1);
    finish();
    session.markRevealed();
    session.choose('c1');
    vi.advanceTimersByTime(4500);
    const next = state.generationId!;
    session.receive(event('generation_started', {}, { generation_id: next }));
    expect(state.choice).toEqual({ processing: false, hint: null, timedOut: false });
    session.receive(event('scene_metadata_ready', { scene_number: 2, setting, characters: [] }, { scene_id: SCENE_2, generation_id: next }));
    session.receive(part(SCENE_2, next, 0, 'Next scene'));
    session.receive(part(SCENE_1, generation, 5, 'stale'));
    expect(state.scenes.map((s) => s.sceneNumber)).toEqual([1, 2]);
    expect(state.scenes[0]!.choiceMade).toBe('Go left');
    expect(currentLine(state)!.text).toBe('Next scene');
    expect(state.scenes[0]!.lines).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(state.choice.timedOut).toBe(false);
  });

  it('rolls back through the lines already shown, across scenes, view only, and forward again to where it was', () => {
    const { session, state, finish, generation } = createdStory(3);
    finish();
    session.advance();
    session.advance();
    session.markRevealed();
    session.choose('c2');
    const next = state.generationId!;
    session.receive(event('scene_metadata_ready', { scene_number: 2, setting, characters: [] }, { scene_id: SCENE_2, generation_id: next }));
    for (let i = 0; i < 3; i++) session.receive(part(SCENE_2, next, i, `Two ${i}`));
    session.receive(event('stream_done', {}, { scene_id: SCENE_2, generation_id: next }));
    session.advance();
    expect(currentLine(state)!.text).toBe('Two 1');
    expect(session.rollForward()).toBe(false);

    // Back: the line before, then over the scene boundary to the first scene's last line, and on to its first.
    const back = () => (session.rollBack(), shownLine(state)!.text);
    expect([back(), back(), back(), back()]).toEqual(['Two 0', 'Line 2', 'Line 1', 'Line 0']);
    expect(session.rollBack()).toBe(false);
    // The story itself stays where it was: the current line, no choices while looking back.
    expect(currentLine(state)!.text).toBe('Two 1');
    expect(choicesVisible(state)).toBe(false);
    // Forward again, across the boundary, and back at the present rollback ends.
    const forward = () => (session.rollForward(), shownLine(state)!.text);
    expect([forward(), forward(), forward(), forward()]).toEqual(['Line 1', 'Line 2', 'Two 0', 'Two 1']);
    expect(state.rollback).toBeNull();
    void generation;
  });

  it('is ready to read only with the story id, metadata, a first line and the background picture fetched', async () => {
    let loaded: () => void = () => {};
    const t = setup(() => new Promise((resolve) => (loaded = resolve)));
    const generation = t.session.beginCreation({ language: 'en', level: 'A1' });
    const ready = t.session.until(readyToRead);
    let done = false;
    void ready.promise.then(() => (done = true));
    const e = (type: EventType, data: unknown) => t.session.receive(event(type, data as never, { scene_id: SCENE_1, generation_id: generation }));
    e('story_id_ready', { story_id: STORY, title: 'T' });
    e('scene_metadata_ready', { scene_number: 1, setting, characters: [] });
    e('background_ready', { scene_image_url: '/bg.png' });
    t.session.receive(part(SCENE_1, generation, 0));
    await vi.advanceTimersByTimeAsync(0);
    expect(readyToRead(t.state)).toBe(false);
    expect(done).toBe(false);
    loaded();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('keeps a BackgroundNotFound error apart from other streaming errors, and stops generating on either', () => {
    const { session, state, generation } = createdStory(1);
    session.receive(event('streaming_error', { type: 'BackgroundNotFound', message: 'No picture' }, { generation_id: generation }));
    expect(state.backgroundError).toBe('No picture');
    expect(state.error).toBeNull();
    expect(state.generating).toBe(false);
  });

  it('has exactly one view mode; choosing the active one again returns to none', () => {
    const { session, state } = setup();
    session.toggleViewMode('grammar');
    expect(state.viewMode).toBe('grammar');
    session.toggleViewMode('vocabulary');
    expect(state.viewMode).toBe('vocabulary');
    session.toggleViewMode('vocabulary');
    expect(state.viewMode).toBe('none');
  });

  it('on entry takes the stored scene, and the generation id from navigation when its own is missing or different', () => {
    const { session, state } = setup();
    const detail: StoryDetail = {
      id: STORY,
      title: 'Stored',
      language: 'ja',
      level: 'N4',
      theme: 'mystery',
      status: 'ready',
      characters: [],
      current_scene: {
        scene_id: SCENE_2,
        story_id: STORY,
        scene_number: 2,
        generation_id: null,
        status: 'complete',
        setting,
        scene_image_url: '/bg/2.png',
        dialogue: [line(0), line(1)],
        choices: [],
        is_ending: true,
        ending_title: 'The end',
      },
    };
    session.enter(detail, 'from-navigation');
    expect(state.generationId).toBe('from-navigation');
    expect(state.scenes).toHaveLength(1);
    expect(state.scenes[0]!.sceneNumber).toBe(2);
    session.enter({ ...detail, current_scene: { ...detail.current_scene!, generation_id: 'newer-on-server' } }, 'from-navigation');
    expect(state.generationId).toBe('newer-on-server');
    expect(state.scenes).toHaveLength(1);
    session.advance();
    session.markRevealed();
    expect(endingVisible(state)).toBe(true);
  });

  it('loads a saved scene at its line', () => {
    const { session, state } = createdStory(3);
    session.loadScene(
      {
        scene_id: SCENE_2, story_id: STORY, scene_number: 4, generation_id: 'g-saved', status: 'complete', setting,
        scene_image_url: null, dialogue: [line(0), line(1), line(2)], choices: [], is_ending: false, ending_title: null,
      },
      2,
    );
    expect(state.lineIndex).toBe(2);
    expect(currentLine(state)!.sceneId).toBe(SCENE_2);
    expect(state.generationId).toBe('g-saved');
    // A save may be on another path: what was before it on screen goes, until the server tells its path.
    expect(state.scenes.map((s) => s.sceneId)).toEqual([SCENE_2]);
  });

  it('knows which choices of a loaded scene have a scene written after them (taking one again reopens it)', () => {
    const { session, state } = createdStory(3);
    const saved = {
      scene_id: SCENE_2, story_id: STORY, scene_number: 2, generation_id: 'g-saved', status: 'complete', setting,
      scene_image_url: null, dialogue: [line(0)], choices: [{ id: 'c1', text: 'Go left', html_text: 'Go left', language_note: '' }, { id: 'c2', text: 'Go right', html_text: 'Go right', language_note: '' }], is_ending: false, ending_title: null,
    };
    session.loadScene({ ...saved, branches: ['c2'] }, 0);
    expect(state.scenes[0]!.branches).toEqual(['c2']);
    session.loadScene(saved, 0);
    expect(state.scenes[0]!.branches).toEqual([]);
  });

  it('puts the path the server tells before the scene on screen, and earlier pages before that; rollback reaches them', async () => {
    const loaded: string[] = [];
    const { session, state } = setup((url) => (loaded.push(url), Promise.resolve()));
    session.enter(storedAt(3), undefined, 0);
    session.setHistory(SCENE_3, [historyScene(SCENE_2, 2)], true);
    expect(state.scenes.map((s) => s.sceneNumber)).toEqual([2, 3]);
    expect(state.historyMore).toBe(true);
    expect(state.scenes[0]).toMatchObject({ choiceMade: 'Go left', choiceMadeId: 'c1', branches: ['c1', 'c2'], background: 'waiting' });
    expect(loaded).toEqual(['/bg/3.png']);

    session.prependHistory([historyScene(SCENE_1, 1)], false);
    expect(state.scenes.map((s) => s.sceneNumber)).toEqual([1, 2, 3]);
    expect(state.historyMore).toBe(false);
    // Looking back into a scene of the history fetches its picture then, not before.
    session.rollBack();
    expect(shownLine(state)!.sceneId).toBe(SCENE_2);
    expect(loaded).toEqual(['/bg/3.png', '/bg/2.png']);
    // A history for a scene no longer on screen is dropped.
    session.setHistory('55555555-5555-4555-8555-555555555555', [], false);
    expect(state.scenes).toHaveLength(3);
  });

  it('reads the other path from a past choice: later scenes leave, the branch is awaited like a choice', () => {
    const { session, state, socket } = setup();
    session.enter(storedAt(3), undefined, 1);
    session.setHistory(SCENE_3, [historyScene(SCENE_1, 1), historyScene(SCENE_2, 2)], false);
    expect(session.branch(SCENE_2, 'no-such-choice')).toBeNull();
    const generation = session.branch(SCENE_2, 'c2');
    expect(generation).toMatch(/^gen-/);
    expect(state.generationId).toBe(generation);
    expect(state.scenes.map((s) => s.sceneId)).toEqual([SCENE_1, SCENE_2]);
    expect(state.scenes[1]).toMatchObject({ choiceMade: 'Go right', choiceMadeId: 'c2' });
    expect(state.choice.processing).toBe(true);
    // Sent over HTTP by the reader, not on the socket.
    expect(socket.sent).toEqual([]);
    // A second branch while one is on its way is refused.
    expect(session.branch(SCENE_1, 'c2')).toBeNull();
    session.receive(event('generation_started', {}, { scene_id: SCENE_4, generation_id: generation! }));
    session.receive(part(SCENE_4, generation!, 0));
    expect(currentLine(state)!.sceneId).toBe(SCENE_4);
    expect(state.scenes.map((s) => s.sceneNumber)).toEqual([1, 2, 3]);
    expect(state.choice.processing).toBe(false);
  });
});

const SCENE_3 = '66666666-6666-4666-8666-666666666666';
const SCENE_4 = '77777777-7777-4777-8777-777777777777';
const twoChoices = [
  { id: 'c1', text: 'Go left', html_text: 'Go left', language_note: '' },
  { id: 'c2', text: 'Go right', html_text: 'Go right', language_note: '' },
];

function historyScene(sceneId: string, sceneNumber: number): HistoryScene {
  return {
    scene_id: sceneId, story_id: STORY, scene_number: sceneNumber, generation_id: null, status: 'complete', setting,
    scene_image_url: `/bg/${sceneNumber}.png`, dialogue: [line(0), line(1)], choices: twoChoices, is_ending: false, ending_title: null,
    choice_made: 'c1', branches: ['c1', 'c2'],
  };
}

function storedAt(sceneNumber: number): StoryDetail {
  const { choice_made: _made, branches: _branches, ...view } = historyScene(SCENE_3, sceneNumber);
  return { id: STORY, title: 'Stored', language: 'en', level: 'A2', theme: 'mystery', status: 'ready', characters: [], current_scene: view };
}
