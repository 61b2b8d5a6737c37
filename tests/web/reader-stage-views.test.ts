import { describe, expect, it } from 'vitest';
import { createStorySession, currentLine, type SessionSocket } from '../../src/scenes/session';
import { backgroundView } from '../../src/scenes/reader/stage-views';
import type { EventDataOf, EventType, ServerEvent } from '../../src/shared/protocol';

const STORY = '11111111-1111-4111-8111-111111111111';
const SCENE_1 = '33333333-3333-4333-8333-333333333333';
const SCENE_2 = '44444444-4444-4444-8444-444444444444';
const setting = { location: 'Park', time_of_day: 'day', weather: 'clear', atmosphere: 'calm' };

let eventId = 0;
const event = <T extends EventType>(type: T, data: EventDataOf<T>, envelope: Partial<ServerEvent> = {}): ServerEvent =>
  ({ type, event_id: ++eventId, story_id: STORY, data, ...envelope }) as ServerEvent;

const socket: SessionSocket = { send: () => {}, state: 'CONNECTED', reconnect: () => {} };

/** A session whose picture loads resolve when the test says so. */
function reading() {
  const loads = new Map<string, { load(): void; fail(): void }>();
  let generations = 0;
  const session = createStorySession({
    socket,
    newGenerationId: () => `gen-${++generations}`,
    preloadImage: (url) => new Promise<void>((resolve, reject) => loads.set(url, { load: resolve, fail: () => reject(new Error('404')) })),
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const scene = (sceneId: string, generation: string, number: number) => {
    const e = <T extends EventType>(type: T, data: EventDataOf<T>) => session.receive(event(type, data, { scene_id: sceneId, generation_id: generation }));
    return {
      metadata: () => e('scene_metadata_ready', { scene_number: number, setting, characters: [] }),
      background: (url: string) => e('background_ready', { scene_image_url: url }),
      line: (index: number) =>
        e('scene_part_ready', {
          part_index: index,
          part: 'dialogue',
          dialogue_entries: [{ index, speaker: '', text: `Line ${index}`, html_text: `Line ${index}`, emotion: 'neutral', character_id: null, new_words: [] }],
        }),
      choices: () => e('choices_ready', { choices: [{ id: 'c1', text: 'Go', html_text: 'Go', language_note: '' }] }),
      done: () => e('stream_done', {}),
    };
  };
  return { session, loads, settle, scene };
}

describe('the background on the stage', () => {
  it('shows the loading placeholder only on an empty stage', () => {
    const { session, scene } = reading();
    const generation = session.beginCreation({ language: 'en', level: 'A1' });
    session.receive(event('story_id_ready', { story_id: STORY, title: 'A walk' }));
    expect(backgroundView(session.state)).toEqual({ state: 'loading' });
    scene(SCENE_1, generation, 1).metadata();
    expect(backgroundView(session.state)).toEqual({ state: 'loading' });
  });

  it('drops the loading dots once the first line is there before the first picture', async () => {
    const { session, loads, settle, scene } = reading();
    const generation = session.beginCreation({ language: 'en', level: 'A1' });
    session.receive(event('story_id_ready', { story_id: STORY, title: 'A walk' }));
    const one = scene(SCENE_1, generation, 1);
    one.metadata();
    one.background('/bg/1.png');
    expect(backgroundView(session.state)).toEqual({ state: 'loading' });
    one.line(0);
    expect(backgroundView(session.state)).toEqual({ state: 'waiting' });
    loads.get('/bg/1.png')!.load();
    await settle();
    expect(backgroundView(session.state)).toEqual({ state: 'loaded', url: '/bg/1.png' });
  });

  it('keeps the last picture while the next scene’s picture loads, even once its lines are there', async () => {
    const { session, loads, settle, scene } = reading();
    const first = session.beginCreation({ language: 'en', level: 'A1' });
    session.receive(event('story_id_ready', { story_id: STORY, title: 'A walk' }));
    const one = scene(SCENE_1, first, 1);
    one.metadata();
    one.background('/bg/1.png');
    one.line(0);
    loads.get('/bg/1.png')!.load();
    await settle();
    one.choices();
    one.done();
    expect(backgroundView(session.state)).toEqual({ state: 'loaded', url: '/bg/1.png' });

    session.choose('c1');
    const two = scene(SCENE_2, session.state.generationId!, 2);
    two.metadata();
    // Between the scenes, and with the new scene's first line on screen before its picture: the old picture.
    expect(backgroundView(session.state)).toEqual({ state: 'loaded', url: '/bg/1.png' });
    two.line(0);
    expect(currentLine(session.state)?.sceneId).toBe(SCENE_2);
    expect(backgroundView(session.state)).toEqual({ state: 'loaded', url: '/bg/1.png' });
    two.background('/bg/2.png');
    expect(backgroundView(session.state)).toEqual({ state: 'loaded', url: '/bg/1.png' });
    loads.get('/bg/2.png')!.load();
    await settle();
    expect(backgroundView(session.state)).toEqual({ state: 'loaded', url: '/bg/2.png' });
  });

  it('still says when a scene’s picture failed', async () => {
    const { session, loads, settle, scene } = reading();
    const first = session.beginCreation({ language: 'en', level: 'A1' });
    const one = scene(SCENE_1, first, 1);
    one.metadata();
    one.background('/bg/1.png');
    one.line(0);
    loads.get('/bg/1.png')!.fail();
    await settle();
    expect(backgroundView(session.state)).toEqual({ state: 'error' });
  });
});
