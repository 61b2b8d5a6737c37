import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenes, stories } from '../../../src/server/db/schema';
import { historySceneSchema, storyHistorySchema } from '../../../src/shared/story-views';
import { startTestServer, type TestServer } from '../support/app';
import { createEn, openStorySocket, verifiedReader, type StorySocketClient } from '../support/story-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LIBRARY_LINE_DELAY_MS: '0' });
});
afterAll(async () => {
  await server.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const OTHER_SCENE = '00000000-0000-4000-8000-000000000000';

/** A reader three scenes into a library story, always taking the first choice. */
async function threeScenesIn() {
  const reader = await verifiedReader(server);
  const socket = await openStorySocket(server, `temp-${Math.random()}`, reader.token);
  socket.send(createEn);
  const storyId = (await socket.next('story_id_ready')).data.story_id;
  await socket.next('stream_done');
  for (const generation of ['g-2', 'g-3']) await choose(socket, 0, generation);
  return { reader, socket, storyId };
}

/** Takes the `index`-th choice of the scene on screen and waits for the next scene to be written. */
async function choose(socket: StorySocketClient, index: number, generationId: string) {
  const offered = socket.events.filter((e) => e.type === 'choices_ready').at(-1)!;
  const from = socket.events.length;
  socket.send({ type: 'choice', choice_id: offered.type === 'choices_ready' ? offered.data.choices[index]!.id : '', generation_id: generationId });
  await socket.next('stream_done', from);
}

const get = (token: string, url: string) => server.app.inject({ method: 'GET', url, headers: auth(token) });
const post = (token: string, url: string, payload: unknown) => server.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });

async function history(token: string, storyId: string, query = '') {
  const response = await get(token, `/api/stories/${storyId}/history${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return storyHistorySchema.parse(response.json().data);
}
const detail = async (token: string, storyId: string) => (await get(token, `/api/stories/${storyId}`)).json().data;
const storiesCounted = async (token: string) => (await get(token, '/api/auth/me')).json().subscription.stories_generated;

describe('the whole path read, from scene 1', () => {
  it('returns every scene before the current one with the choice taken after it, a page at a time', async () => {
    const { reader, socket, storyId } = await threeScenesIn();
    const current = (await detail(reader.token, storyId)).current_scene;
    expect(current.scene_number).toBe(3);

    const whole = await history(reader.token, storyId);
    expect(whole.more).toBe(false);
    expect(whole.scenes.map((s) => s.scene_number)).toEqual([1, 2]);
    for (const scene of whole.scenes) {
      expect(historySceneSchema.safeParse(scene).success).toBe(true);
      expect(scene.dialogue.length).toBeGreaterThan(0);
      // The first choice was taken each time, and it is the only one with a scene written after it.
      expect(scene.choice_made).toBe(scene.choices[0]!.id);
      expect(scene.branches).toEqual([scene.choices[0]!.id]);
    }

    const latest = await history(reader.token, storyId, '?limit=1');
    expect(latest).toMatchObject({ more: true, scenes: [{ scene_number: 2 }] });
    const earlier = await history(reader.token, storyId, `?limit=1&before=${latest.scenes[0]!.scene_id}`);
    expect(earlier).toMatchObject({ more: false, scenes: [{ scene_number: 1 }] });
    // The path to an earlier scene is its own beginning.
    expect((await history(reader.token, storyId, `?to=${latest.scenes[0]!.scene_id}`)).scenes.map((s) => s.scene_number)).toEqual([1]);
    socket.ws.close();
  });

  it('refuses what is not this learner’s or not a scene of the story, in the catalogue’s words', async () => {
    const { reader, socket, storyId } = await threeScenesIn();
    const stranger = await verifiedReader(server);
    expect((await get(stranger.token, `/api/stories/${storyId}/history`)).json()).toMatchObject({ detail: 'Story not found' });
    const notHere = await get(reader.token, `/api/stories/${storyId}/history?before=${OTHER_SCENE}`);
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().detail).toBe('That scene is not part of this story.');
    const badLimit = await get(reader.token, `/api/stories/${storyId}/history?limit=500`);
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().detail).toBe('limit must be 1 to 50');
    expect((await get(reader.token, `/api/stories/${storyId}/history?to=nope`)).json().detail).toBe('to must be a scene id');
    socket.ws.close();
  });
});

describe('Read the other path', () => {
  it('writes a branch from a past choice without counting a story, and both paths stay readable', async () => {
    const { reader, socket, storyId } = await threeScenesIn();
    const counted = await storiesCounted(reader.token);
    const [first, second] = (await history(reader.token, storyId)).scenes;
    const firstPathEnd = (await detail(reader.token, storyId)).current_scene;

    // Scene 1's other choice: its first scene streams on the socket under the generation id sent.
    const from = socket.events.length;
    const other = first!.choices[1]!;
    const branched = await post(reader.token, `/api/stories/${storyId}/branch`, { scene_id: first!.scene_id, choice_id: other.id, generation_id: 'g-branch' });
    expect(branched.statusCode, branched.body).toBe(200);
    expect(branched.json().data).toMatchObject({ reopened: false });
    const done = await socket.next('stream_done', from);
    expect(done.generation_id).toBe('g-branch');
    const lines = socket.events.slice(from).filter((e) => e.type === 'scene_part_ready');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((e) => e.scene_id === branched.json().data.scene_id)).toBe(true);

    const onBranch = await detail(reader.token, storyId);
    expect(onBranch.current_scene).toMatchObject({ scene_id: branched.json().data.scene_id, scene_number: 2, status: 'complete' });
    const branchPath = await history(reader.token, storyId);
    expect(branchPath.scenes).toHaveLength(1);
    expect(branchPath.scenes[0]).toMatchObject({ scene_id: first!.scene_id, choice_made: other.id });
    expect([...branchPath.scenes[0]!.branches].sort()).toEqual([first!.choices[0]!.id, other.id].sort());
    expect(await storiesCounted(reader.token)).toBe(counted);

    // Back to the first path: reopened where it was left (scene 3), at the line reached there.
    socket.send({ type: 'read_to', scene_id: onBranch.current_scene.scene_id, line_index: 2 });
    await expect.poll(async () => (await detail(reader.token, storyId)).position?.line_index).toBe(2);
    const back = await post(reader.token, `/api/stories/${storyId}/branch`, { scene_id: first!.scene_id, choice_id: first!.choices[0]!.id, generation_id: 'g-back' });
    expect(back.json().data).toEqual({ scene_id: firstPathEnd.scene_id, reopened: true });
    const reopened = await detail(reader.token, storyId);
    expect(reopened.current_scene.scene_id).toBe(firstPathEnd.scene_id);
    expect(reopened.position.scene_id).toBe(firstPathEnd.scene_id);
    expect((await history(reader.token, storyId)).scenes.map((s) => s.scene_id)).toEqual([first!.scene_id, second!.scene_id]);

    // And to the branch again: it too is where it was left, at line 2.
    const again = await post(reader.token, `/api/stories/${storyId}/branch`, { scene_id: first!.scene_id, choice_id: other.id, generation_id: 'g-again' });
    expect(again.json().data).toEqual({ scene_id: onBranch.current_scene.scene_id, reopened: true });
    expect((await detail(reader.token, storyId)).position).toEqual({ scene_id: onBranch.current_scene.scene_id, line_index: 2 });
    expect(await storiesCounted(reader.token)).toBe(counted);
    socket.ws.close();
  });

  it('refuses a scene of another story, a choice the scene does not have, and a branch while a scene is written', async () => {
    const { reader, socket, storyId } = await threeScenesIn();
    const [first] = (await history(reader.token, storyId)).scenes;
    const url = `/api/stories/${storyId}/branch`;
    const body = { scene_id: first!.scene_id, choice_id: first!.choices[1]!.id, generation_id: 'g-x' };
    expect((await post(reader.token, url, { ...body, scene_id: OTHER_SCENE })).json()).toMatchObject({ detail: 'That scene is not part of this story.' });
    const bad = await post(reader.token, url, { ...body, choice_id: 'no-such-choice' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('That choice is not one of this scene’s choices.');
    expect((await post(reader.token, url, { scene_id: first!.scene_id })).json().detail).toBe('choice_id is required');
    const stranger = await verifiedReader(server);
    expect((await post(stranger.token, url, body)).statusCode).toBe(404);

    // As if another device had just started a scene: the branch waits for it.
    const [story] = await server.database.db.select().from(stories).where(eq(stories.id, storyId));
    await server.database.db.update(scenes).set({ status: 'generating' }).where(eq(scenes.id, story!.currentSceneId!));
    const busy = await post(reader.token, url, body);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().detail).toBe('A scene is already being written. Please wait.');
    await server.database.db.update(scenes).set({ status: 'complete' }).where(eq(scenes.id, story!.currentSceneId!));
    socket.ws.close();
  });

  it('lets a save made on one branch reopen it after reading another', async () => {
    const { reader, socket, storyId } = await threeScenesIn();
    const onFirstPath = (await detail(reader.token, storyId)).current_scene;
    expect((await post(reader.token, '/api/saves/save', { slot_index: 4, story_id: storyId, line_index: 1 })).statusCode).toBe(200);
    const [first] = (await history(reader.token, storyId)).scenes;
    const from = socket.events.length;
    await post(reader.token, `/api/stories/${storyId}/branch`, { scene_id: first!.scene_id, choice_id: first!.choices[1]!.id, generation_id: 'g-save' });
    await socket.next('stream_done', from);
    const loaded = await post(reader.token, '/api/saves/load', { slot_index: 4 });
    expect(loaded.json().data.scene.scene_id).toBe(onFirstPath.scene_id);
    expect((await detail(reader.token, storyId)).current_scene.scene_id).toBe(onFirstPath.scene_id);
    expect((await history(reader.token, storyId)).scenes.map((s) => s.scene_number)).toEqual([1, 2]);
    socket.ws.close();
  });

  it('a choice taken again after loading an earlier save opens the scene written for it, at its start; nothing is written twice', async () => {
    const { reader, socket, storyId } = await threeScenesIn();
    const [first, second] = (await history(reader.token, storyId)).scenes;
    const third = (await detail(reader.token, storyId)).current_scene;
    // A save in scene 2, made before: the choice taken there is one with a scene written after it.
    await server.database.db.update(stories).set({ currentSceneId: second!.scene_id }).where(eq(stories.id, storyId));
    expect((await post(reader.token, '/api/saves/save', { slot_index: 2, story_id: storyId, line_index: 1 })).statusCode).toBe(200);
    await server.database.db.update(stories).set({ currentSceneId: third.scene_id }).where(eq(stories.id, storyId));
    const loaded = (await post(reader.token, '/api/saves/load', { slot_index: 2 })).json().data.scene;
    expect(loaded.scene_id).toBe(second!.scene_id);
    expect(loaded.branches).toEqual([second!.choice_made]);
    expect((await detail(reader.token, storyId)).current_scene.branches).toEqual([second!.choice_made]);

    const scenesBefore = await server.database.db.select({ id: scenes.id }).from(scenes).where(eq(scenes.storyId, storyId));
    const again = await post(reader.token, `/api/stories/${storyId}/branch`, { scene_id: second!.scene_id, choice_id: second!.choice_made, generation_id: 'g-again', at: 'start' });
    expect(again.json().data).toEqual({ scene_id: third.scene_id, reopened: true });
    expect(await detail(reader.token, storyId)).toMatchObject({ current_scene: { scene_id: third.scene_id }, position: { scene_id: third.scene_id, line_index: 0 } });
    expect(await server.database.db.select({ id: scenes.id }).from(scenes).where(eq(scenes.storyId, storyId))).toHaveLength(scenesBefore.length);
    expect((await history(reader.token, storyId)).scenes.map((s) => s.scene_id)).toEqual([first!.scene_id, second!.scene_id]);
    // The scene on screen has no scene after it yet: nothing to reopen, and a bad `at` is refused by name.
    expect((await detail(reader.token, storyId)).current_scene.branches).toEqual([]);
    const bad = await post(reader.token, `/api/stories/${storyId}/branch`, { scene_id: second!.scene_id, choice_id: second!.choice_made, generation_id: 'g-bad', at: 'end' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('at must be left or start');
    socket.ws.close();
  });
});
