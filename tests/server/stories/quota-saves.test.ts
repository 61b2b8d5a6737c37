import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageMonth } from '../../../src/server/billing/subscription';
import { monthlyUsage, scenes, stories } from '../../../src/server/db/schema';
import { loginToken, registerUser, startTestServer, type TestServer } from '../support/app';
import { createEn, openStorySocket, verifiedReader } from '../support/story-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LIBRARY_LINE_DELAY_MS: '0', FREE_STORIES_PER_MONTH: '3' });
});
afterAll(async () => {
  await server.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function readStory(token: string) {
  const socket = await openStorySocket(server, `temp-${Math.random()}`, token);
  socket.send(createEn);
  const storyId = (await socket.next('story_id_ready')).data.story_id;
  const choices = await socket.next('choices_ready');
  await socket.next('stream_done');
  return { socket, storyId, choices: choices.data.choices };
}

describe('quota', () => {
  it('refuses unverified free learners with EMAIL_VERIFICATION_REQUIRED', async () => {
    const { email } = await registerUser(server);
    const socket = await openStorySocket(server, 'temp-unverified', await loginToken(server, email));
    socket.send(createEn);
    const error = await socket.next('error');
    expect(error.data.code).toBe('EMAIL_VERIFICATION_REQUIRED');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.ws.close();
  });

  it('lets exactly one of 20 concurrent creates through when one story is left', async () => {
    const reader = await verifiedReader(server);
    await server.database.db.insert(monthlyUsage).values({ userId: reader.userId, month: usageMonth(), storiesGenerated: 2 });
    const sockets = await Promise.all(Array.from({ length: 20 }, (_, i) => openStorySocket(server, `temp-race-${i}`, reader.token)));
    for (const socket of sockets) socket.send(createEn);
    const outcomes = await Promise.all(
      sockets.map((socket) =>
        Promise.race([socket.next('story_id_ready').then(() => 'created'), socket.next('error').then((e) => e.data.code)]),
      ),
    );
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'SUBSCRIPTION_LIMIT_REACHED')).toHaveLength(19);
    await server.app.stories.idle();
    const [usage] = await server.database.db
      .select()
      .from(monthlyUsage)
      .where(and(eq(monthlyUsage.userId, reader.userId), eq(monthlyUsage.month, usageMonth())));
    expect(usage!.storiesGenerated).toBe(3);
    const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(reader.token) });
    expect(me.json().subscription.stories_remaining).toBe(0);
    for (const socket of sockets) socket.ws.close();
  });

  it('pro learners are never refused, and record-usage counts a story once however often it is called', async () => {
    const reader = await verifiedReader(server, 'pro');
    await server.database.db.insert(monthlyUsage).values({ userId: reader.userId, month: usageMonth(), storiesGenerated: 50 });
    const { storyId, socket } = await readStory(reader.token);
    for (let i = 0; i < 3; i++) {
      const usage = await server.app.inject({ method: 'POST', url: `/api/payment/record-usage?story_id=${storyId}`, headers: auth(reader.token) });
      expect(usage.statusCode).toBe(200);
      expect(usage.json().data.counted).toBe(true);
    }
    const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(reader.token) });
    expect(me.json().subscription.stories_generated).toBe(51);
    const bad = await server.app.inject({ method: 'POST', url: '/api/payment/record-usage?story_id=nope', headers: auth(reader.token) });
    expect(bad.statusCode).toBe(400);
    socket.ws.close();
  });
});

describe('stories and saves', () => {
  it('lists the learner’s stories and the themes', async () => {
    const themes = await server.app.inject({ method: 'GET', url: '/api/stories/themes' });
    expect(themes.json().success).toBe(true);
    const names = themes.json().data.themes.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['Romance', 'Mystery', 'Adventure', 'Slice of Life']));
    expect(names.length).toBeGreaterThanOrEqual(6);

    const reader = await verifiedReader(server, 'pro');
    const { storyId, socket } = await readStory(reader.token);
    const list = await server.app.inject({ method: 'GET', url: '/api/stories', headers: auth(reader.token) });
    expect(list.json().data.stories).toEqual([
      expect.objectContaining({ id: storyId, language: 'en', level: 'A2', theme: 'mystery', scene_number: 1, title: expect.any(String) }),
    ]);
    socket.ws.close();
  });

  it('saves to a slot, keeps an auto save per scene, and loads a slot back at its scene and line', async () => {
    const reader = await verifiedReader(server, 'pro');
    const { storyId, socket, choices } = await readStory(reader.token);
    const save = await server.app.inject({ method: 'POST', url: '/api/saves/save', headers: auth(reader.token), payload: { slot_index: 0, story_id: storyId, line_index: 3 } });
    expect(save.statusCode).toBe(200);
    expect(save.json().data.save).toMatchObject({ save_name: 'Save 1', story_id: storyId, story_state: { scene_number: 1, line_index: 3 } });

    const from = socket.events.length;
    socket.send({ type: 'choice', choice_id: choices[1]!.id, generation_id: 'g2' });
    await socket.next('stream_done', from);

    const slots = await server.app.inject({ method: 'GET', url: '/api/saves/slots', headers: auth(reader.token) });
    const list = slots.json().data.slots;
    expect(list).toHaveLength(10);
    expect(list[0]).toMatchObject({ slot_index: 0, has_save: true, scene_number: 1, location: expect.any(String), story_title: expect.any(String) });
    expect(list.slice(1).every((s: { has_save: boolean }) => !s.has_save)).toBe(true);

    const auto = await server.app.inject({ method: 'POST', url: '/api/saves/load', headers: auth(reader.token), payload: { save_id: 'auto', story_id: storyId } });
    expect(auto.json().data.save).toMatchObject({ save_id: 'auto', save_name: 'Auto Save', story_state: { scene_number: 2 } });

    const load = await server.app.inject({ method: 'POST', url: '/api/saves/load', headers: auth(reader.token), payload: { slot_index: 0 } });
    expect(load.statusCode).toBe(200);
    expect(load.json().data.save.story_state).toEqual({ scene_number: 1, line_index: 3 });
    const detail = await server.app.inject({ method: 'GET', url: `/api/stories/${storyId}`, headers: auth(reader.token) });
    expect(detail.json().data.current_scene.scene_number).toBe(1);

    for (const payload of [{ slot_index: 10, story_id: storyId }, { slot_index: 1 }, {}]) {
      const refused = await server.app.inject({ method: 'POST', url: '/api/saves/save', headers: auth(reader.token), payload });
      expect(refused.statusCode).toBe(400);
    }
    const empty = await server.app.inject({ method: 'POST', url: '/api/saves/load', headers: auth(reader.token), payload: { slot_index: 5 } });
    expect(empty.statusCode).toBe(404);
    socket.ws.close();
  });

  it('keeps one quick save per story, apart from the ten slots and the auto save, and loads it back', async () => {
    const reader = await verifiedReader(server, 'pro');
    const first = await readStory(reader.token);
    const second = await readStory(reader.token);
    const quick = (storyId: string, line: number) =>
      server.app.inject({ method: 'POST', url: '/api/saves/quick', headers: auth(reader.token), payload: { story_id: storyId, line_index: line } });
    const none = await server.app.inject({ method: 'POST', url: '/api/saves/load', headers: auth(reader.token), payload: { save_id: 'quick', story_id: first.storyId } });
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('There is no quick save for this story yet.');

    expect((await quick(first.storyId, 2)).json().data.save).toMatchObject({ save_id: 'quick', slot_index: null, save_name: 'Quick Save', story_state: { line_index: 2 } });
    // Again: the one slot is replaced, not added to; another story has its own.
    await quick(first.storyId, 3);
    await quick(second.storyId, 1);
    const slotSave = await server.app.inject({ method: 'POST', url: '/api/saves/save', headers: auth(reader.token), payload: { slot_index: 0, story_id: first.storyId, line_index: 5 } });
    expect(slotSave.statusCode).toBe(200);

    const loaded = await server.app.inject({ method: 'POST', url: '/api/saves/load', headers: auth(reader.token), payload: { save_id: 'quick', story_id: first.storyId } });
    expect(loaded.json().data.save).toMatchObject({ save_id: 'quick', story_state: { line_index: 3 } });
    const other = await server.app.inject({ method: 'POST', url: '/api/saves/load', headers: auth(reader.token), payload: { save_id: 'quick', story_id: second.storyId } });
    expect(other.json().data.save.story_state.line_index).toBe(1);
    // The ten slots do not show it, and the auto save is still the line reached.
    const slots = (await server.app.inject({ method: 'GET', url: '/api/saves/slots', headers: auth(reader.token) })).json().data.slots;
    expect(slots.filter((slot: { has_save: boolean }) => slot.has_save)).toHaveLength(1);
    const auto = await server.app.inject({ method: 'POST', url: '/api/saves/load', headers: auth(reader.token), payload: { save_id: 'auto', story_id: first.storyId } });
    expect(auto.json().data.save).toMatchObject({ save_id: 'auto', story_state: { line_index: 0 } });

    const stranger = await verifiedReader(server, 'pro');
    const refused = await server.app.inject({ method: 'POST', url: '/api/saves/quick', headers: auth(stranger.token), payload: { story_id: first.storyId, line_index: 1 } });
    expect(refused.statusCode).toBe(404);
    const bad = await server.app.inject({ method: 'POST', url: '/api/saves/quick', headers: auth(reader.token), payload: { line_index: 1 } });
    expect(bad.statusCode).toBe(400);
    first.socket.ws.close();
    second.socket.ws.close();
  });

  it('keeps the line the learner reached, so the story reopens there, and refuses a scene of another story', async () => {
    const reader = await verifiedReader(server, 'pro');
    const { storyId, socket, choices } = await readStory(reader.token);
    const detail = async () => (await server.app.inject({ method: 'GET', url: `/api/stories/${storyId}`, headers: auth(reader.token) })).json().data;
    const first = await detail();
    const sceneId = first.current_scene.scene_id;
    expect(first.position).toEqual({ scene_id: sceneId, line_index: 0 });

    socket.send({ type: 'read_to', scene_id: sceneId, line_index: 4 });
    await expect.poll(async () => (await detail()).position).toEqual({ scene_id: sceneId, line_index: 4 });
    // The scene remembers how far it was read (skip runs up to there), and going back does not lower it.
    expect((await detail()).current_scene.read_to).toBe(4);
    socket.send({ type: 'read_to', scene_id: sceneId, line_index: 1 });
    await expect.poll(async () => (await detail()).position.line_index).toBe(1);
    expect((await detail()).current_scene.read_to).toBe(4);
    // Never past the lines written.
    socket.send({ type: 'read_to', scene_id: sceneId, line_index: 999 });
    const lines = first.current_scene.dialogue.length;
    await expect.poll(async () => (await detail()).position.line_index).toBe(lines - 1);
    expect((await detail()).current_scene.read_to).toBe(lines - 1);

    const from = socket.events.length;
    socket.send({ type: 'read_to', scene_id: '00000000-0000-4000-8000-000000000000', line_index: 1 });
    expect((await socket.next('error', from)).data).toMatchObject({ code: 'BAD_REQUEST', message: 'That scene is not part of this story.' });
    socket.send({ type: 'read_to', scene_id: sceneId, line_index: -1 });
    expect((await socket.next('error', from + 1)).data.code).toBe('BAD_REQUEST');

    // A new scene starts at its first line; lines read while it streams are not undone when it completes.
    const next = socket.events.length;
    socket.send({ type: 'choice', choice_id: choices[0]!.id, generation_id: 'g-read' });
    await socket.next('stream_done', next);
    const second = await detail();
    expect(second.position).toEqual({ scene_id: second.current_scene.scene_id, line_index: 0 });
    socket.send({ type: 'read_to', scene_id: second.current_scene.scene_id, line_index: 2 });
    await expect.poll(async () => (await detail()).position.line_index).toBe(2);
    socket.ws.close();
  });

  it('writes a scene left half-written by a restart again, without counting the story twice', async () => {
    const reader = await verifiedReader(server);
    const { storyId, socket, choices } = await readStory(reader.token);
    const from = socket.events.length;
    socket.send({ type: 'choice', choice_id: choices[0]!.id, generation_id: 'g-restart' });
    await socket.next('stream_done', from);
    socket.ws.close();
    // As if the process had died mid-scene: the current scene is still marked as being written.
    const [story] = await server.database.db.select().from(stories).where(eq(stories.id, storyId));
    await server.database.db.update(scenes).set({ status: 'generating' }).where(eq(scenes.id, story!.currentSceneId!));
    const usageBefore = (await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(reader.token) })).json().subscription.stories_generated;

    const back = await openStorySocket(server, storyId, reader.token);
    back.send({ type: 'get_current_scene' });
    await back.next('stream_done');
    const meta = await back.next('scene_metadata_ready');
    expect(meta.data.scene_number).toBe(2);
    expect(back.events.filter((e) => e.type === 'scene_part_ready').length).toBeGreaterThanOrEqual(6);
    const after = (await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(reader.token) })).json().subscription.stories_generated;
    expect(after).toBe(usageBefore);
    back.ws.close();
  });
});
