import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CLIENT_MESSAGE_BYTES, type ServerEvent } from '../../../src/shared/protocol';
import { startTestServer, type TestServer } from '../support/app';
import { createEn, createJa, openStorySocket, verifiedReader } from '../support/story-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LIBRARY_LINE_DELAY_MS: '0' });
});
afterAll(async () => {
  await server.close();
});

const types = (events: ServerEvent[]) => events.map((e) => e.type);

/** The protocol's order for one scene, with background_ready before every part and parts in order. */
function expectSceneOrder(events: ServerEvent[], first: boolean) {
  const story = events.filter((e) => e.event_id > 0);
  const order = types(story).filter((t, i, all) => t !== 'scene_part_ready' || all[i - 1] !== 'scene_part_ready');
  expect(order).toEqual([
    first ? 'story_creation_started' : 'generation_started',
    ...(first ? ['story_id_ready'] : []),
    'scene_metadata_ready',
    'background_ready',
    'scene_part_ready',
    'choices_ready',
    first ? 'story_created' : 'generation_complete',
    'streaming_complete',
    'stream_done',
  ]);
  const parts = story.filter((e) => e.type === 'scene_part_ready').map((e) => (e as ServerEvent<'scene_part_ready'>).data.part_index);
  expect(parts).toEqual(parts.map((_, i) => i));
  const ids = story.map((e) => e.event_id);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(new Set(ids).size).toBe(ids.length);
}

describe('the story socket', () => {
  it('creates a Japanese library story in the order of the protocol, with safe html and a background that serves', async () => {
    const reader = await verifiedReader(server);
    const socket = await openStorySocket(server, 'temp-1', reader.token);
    await socket.next('connected');
    socket.send({ ...createJa, generation_id: 'gen-1' });
    await socket.next('stream_done');
    expectSceneOrder(socket.events, true);

    const storyId = (await socket.next('story_id_ready')).data.story_id;
    expect(socket.events.filter((e) => e.event_id > 0).every((e) => e.story_id === storyId && e.generation_id === 'gen-1')).toBe(true);
    const meta = await socket.next('scene_metadata_ready');
    expect(meta.data.scene_number).toBe(1);
    expect(meta.data.characters.length).toBeGreaterThanOrEqual(2);
    for (const c of meta.data.characters) expect(c.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const background = await socket.next('background_ready');
    const png = await server.app.inject({ method: 'GET', url: background.data.scene_image_url });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');

    const lines = socket.events.filter((e) => e.type === 'scene_part_ready').flatMap((e) => (e as ServerEvent<'scene_part_ready'>).data.dialogue_entries);
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const line of lines) {
      expect(line.html_text).toContain('data-t=');
      expect(line.html_text.replace(/<\/?(ruby|rt|span)( data-t="\d+")?>/g, '')).not.toMatch(/[<>]/);
    }
    expect(lines.some((l) => l.html_text.includes('<ruby>'))).toBe(true);
    const choices = await socket.next('choices_ready');
    expect(choices.data.choices).toHaveLength(2);
    socket.ws.close();
  });

  it('continues with a choice, echoing the new generation id, and replays the current scene', async () => {
    const reader = await verifiedReader(server);
    const socket = await openStorySocket(server, 'temp-2', reader.token);
    socket.send(createEn);
    const choices = await socket.next('choices_ready');
    await socket.next('stream_done');
    const storyId = (await socket.next('story_id_ready')).data.story_id;

    const from = socket.events.length;
    socket.send({ type: 'choice', choice_id: choices.data.choices[0]!.id, generation_id: 'gen-2' });
    await socket.next('generation_complete', from);
    await socket.next('stream_done', from);
    const second = socket.events.slice(from);
    expectSceneOrder(second, false);
    expect(second.every((e) => e.generation_id === 'gen-2')).toBe(true);
    expect((second.find((e) => e.type === 'scene_metadata_ready') as ServerEvent<'scene_metadata_ready'>).data.scene_number).toBe(2);
    socket.ws.close();

    // A second tab on the story id gets the current scene back, and the events after an id.
    const again = await openStorySocket(server, storyId, reader.token);
    await again.next('connected');
    again.send({ type: 'get_current_scene' });
    await again.next('stream_done');
    const replayed = again.events.filter((e) => e.event_id > 0);
    expect(replayed.map((e) => e.event_id)).toEqual(second.map((e) => e.event_id));
    const last = second[2]!.event_id;
    const before = again.events.length;
    again.send({ type: 'get_current_scene', after_event_id: last });
    await again.next('stream_done', before);
    expect(again.events.slice(before).map((e) => e.event_id)).toEqual(second.filter((e) => e.event_id > last).map((e) => e.event_id));
    again.ws.close();
  });

  it('answers ping, refuses bad and oversized messages with an error, and stays open', async () => {
    const reader = await verifiedReader(server);
    const socket = await openStorySocket(server, 'temp-3', reader.token);
    await socket.next('connected');
    socket.send({ type: 'ping' });
    await socket.next('pong');
    const bad = [
      'not json',
      JSON.stringify({ type: 'dance' }),
      JSON.stringify({ ...createJa, language_level: 'B2' }),
      JSON.stringify({ ...createJa, theme: 'horror' }),
      JSON.stringify({ ...createJa, custom_prompt: 'x'.repeat(501) }),
      JSON.stringify({ type: 'choice', choice_id: 'a' }),
      JSON.stringify({ type: 'ping', pad: 'x'.repeat(MAX_CLIENT_MESSAGE_BYTES) }),
    ];
    for (const raw of bad) {
      const from = socket.events.length;
      socket.sendRaw(raw);
      const error = await socket.next('error', from);
      expect(error.data.code, raw.slice(0, 40)).toMatch(/BAD_REQUEST|NO_SCENE/);
    }
    expect(socket.events.filter((e) => e.type === 'error').map((e) => (e as ServerEvent<'error'>).data.message)).toContain(
      'Message too large (limit 16 kB).',
    );
    socket.send({ type: 'ping' });
    await socket.next('pong', socket.events.length - 1);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.ws.close();
  });

  it('refuses a missing token and another learner’s story', async () => {
    const anonymous = await openStorySocket(server, 'temp-4');
    expect((await anonymous.next('error')).data.code).toBe('UNAUTHORIZED');
    expect((await anonymous.closed).code).toBe(4401);

    const owner = await verifiedReader(server);
    const socket = await openStorySocket(server, 'temp-5', owner.token);
    socket.send(createJa);
    const storyId = (await socket.next('story_id_ready')).data.story_id;
    await socket.next('stream_done');
    socket.ws.close();

    const other = await verifiedReader(server);
    const intruder = await openStorySocket(server, storyId, other.token);
    expect((await intruder.next('error')).data.code).toBe('NOT_FOUND');
    expect((await intruder.closed).code).toBe(4404);
    const rest = await server.app.inject({ method: 'GET', url: `/api/stories/${storyId}`, headers: { authorization: `Bearer ${other.token}` } });
    expect(rest.statusCode).toBe(404);
    const mine = await server.app.inject({ method: 'GET', url: `/api/stories/${storyId}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.current_scene.dialogue.length).toBeGreaterThanOrEqual(6);
  });
});
