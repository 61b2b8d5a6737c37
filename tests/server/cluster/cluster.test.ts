import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageMonth } from '../../../src/server/billing/subscription';
import { monthlyUsage, scenes, stories, storyEvents } from '../../../src/server/db/schema';
import type { DialogueEntry } from '../../../src/shared/protocol';
import { connectStory, linesRead, startCluster, type Cluster } from '../support/cluster';
import type { ReadyServer } from '../support/server-process';
import { createJa } from '../support/story-socket';

// Three processes on one PostgreSQL database, as behind a load balancer. Library scenes tell a line every
// 250 ms, so a scene is still being written while processes are stopped under it; a lease of 1.5 s lets a
// dead writer's scene be taken over quickly.
const onPostgres = process.env.TEST_DB === 'postgres';
let cluster: Cluster;
beforeAll(async () => {
  if (onPostgres) cluster = await startCluster(process.env.TEST_DATABASE_URL!, 3, { LIBRARY_LINE_DELAY_MS: '250', SCENE_LEASE_MS: '1500', FREE_STORIES_PER_MONTH: '10' });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
});

const live = () => cluster.processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
const elsewhere = (server: ReadyServer | undefined) => live().find((p) => p !== server)!;
const upTo = (count: number) => Array.from({ length: count }, (_, i) => i);

/** A new story's first scene, started on `on`: its ids and the process writing it. */
async function startStory(on: ReadyServer, token: string) {
  const creator = await connectStory(on, `temp-${Math.random().toString(36).slice(2)}`, token);
  creator.send(createJa);
  const ready = await creator.next('story_id_ready');
  const sceneId = ready.scene_id!;
  return { creator, storyId: ready.data.story_id, sceneId, writer: await cluster.writerOf(sceneId) };
}

async function storedScene(sceneId: string) {
  const [scene] = await cluster.db.select().from(scenes).where(eq(scenes.id, sceneId));
  const lineEvents = await cluster.db
    .select()
    .from(storyEvents)
    .where(and(eq(storyEvents.sceneId, sceneId), eq(storyEvents.type, 'scene_part_ready')));
  return { scene: scene!, lines: (scene!.dialogue as DialogueEntry[]).length, lineEvents: lineEvents.map((e) => (e.data as { part_index: number }).part_index) };
}

async function until(check: () => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(onPostgres)('three server processes on one PostgreSQL', () => {
  it('sends every line, in order, to a reader on another process than the one writing the scene', async () => {
    const reader = await cluster.reader();
    const { creator, storyId, sceneId, writer } = await startStory(cluster.processes[0]!, reader.token);
    expect(writer).toBeDefined();
    const follower = await connectStory(elsewhere(writer), storyId, reader.token);
    follower.send({ type: 'get_current_scene' });
    await follower.next('stream_done');
    // The follower joined while the scene was still being written, so most lines came to it live.
    const { lines, lineEvents } = await storedScene(sceneId);
    expect(lines).toBeGreaterThan(3);
    expect(linesRead(follower.events)).toEqual(upTo(lines));
    expect(lineEvents.sort((a, b) => a - b)).toEqual(upTo(lines));

    // Loading a save while the next scene is written is refused on every process, not only on the writer's.
    const request = (on: ReadyServer, route: string, body: unknown) =>
      fetch(`${on.url}${route}`, { method: 'POST', headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await request(cluster.processes[0]!, '/api/saves/save', { slot_index: 0, story_id: storyId, line_index: 1 })).status).toBe(200);
    const from = creator.events.length;
    const choices = (await creator.next('choices_ready')).data.choices;
    creator.send({ type: 'choice', choice_id: choices[0]!.id, generation_id: 'cluster-next' });
    const next = await creator.next('generation_started', from);
    const nextWriter = await cluster.writerOf(next.scene_id!);
    expect(nextWriter).toBeDefined();
    expect((await request(elsewhere(nextWriter), '/api/saves/load', { slot_index: 0 })).status).toBe(409);
    await creator.next('generation_complete', from);
    expect((await request(elsewhere(nextWriter), '/api/saves/load', { slot_index: 0 })).status).toBe(200);
    creator.ws.close();
    follower.ws.close();
  });

  it('lets exactly one of 20 creates through when one story is left, the creates spread over the processes', async () => {
    const reader = await cluster.reader('free');
    await cluster.db.insert(monthlyUsage).values({ userId: reader.userId, month: usageMonth(), storiesGenerated: 9 });
    const sockets = await Promise.all(upTo(20).map((i) => connectStory(cluster.processes[i % 3]!, `temp-race-${i}`, reader.token)));
    for (const socket of sockets) socket.send(createJa);
    const answers = await Promise.all(
      sockets.map(async (socket) => {
        await until(() => socket.events.some((e) => e.type === 'story_id_ready' || e.type === 'error'));
        return socket.events.find((e) => e.type === 'story_id_ready' || e.type === 'error')!;
      }),
    );
    expect(answers.filter((e) => e.type === 'story_id_ready')).toHaveLength(1);
    expect(answers.filter((e) => e.type === 'error').map((e) => (e.data as { code: string }).code)).toEqual(Array(19).fill('SUBSCRIPTION_LIMIT_REACHED'));
    const [usage] = await cluster.db.select().from(monthlyUsage).where(eq(monthlyUsage.userId, reader.userId));
    expect(usage!.storiesGenerated).toBe(10);
    for (const socket of sockets) socket.ws.close();
  });

  it('continues a scene on another process when its writer is killed (kill -9): each line once, the story charged once', async () => {
    const reader = await cluster.reader('free');
    const { storyId, sceneId, writer } = await startStory(cluster.processes[0]!, reader.token);
    const follower = await connectStory(elsewhere(writer), storyId, reader.token);
    follower.send({ type: 'get_current_scene' });
    await until(() => linesRead(follower.events).length >= 2);

    const readBefore = linesRead(follower.events).length;
    writer!.child.kill('SIGKILL');
    await writer!.exited;
    await follower.next('stream_done', 0, 30_000);

    const { scene, lines, lineEvents } = await storedScene(sceneId);
    expect(scene.status).toBe('complete');
    // The rest of the scene was written by another process: the killed one wrote nothing after it died.
    expect(lines).toBeGreaterThan(readBefore + 1);
    expect(linesRead(follower.events)).toEqual(upTo(lines));
    expect(lineEvents.sort((a, b) => a - b)).toEqual(upTo(lines));
    expect(await cluster.db.select({ id: scenes.id }).from(scenes).where(eq(scenes.storyId, storyId))).toHaveLength(1);
    const [story] = await cluster.db.select().from(stories).where(eq(stories.id, storyId));
    expect(story).toMatchObject({ status: 'ready', charged: true });
    const [usage] = await cluster.db.select().from(monthlyUsage).where(eq(monthlyUsage.userId, reader.userId));
    expect(usage!.storiesGenerated).toBe(1);
    follower.ws.close();
  }, 60_000);

  it('hands a scene over on SIGTERM: its readers are closed with 1001, reconnect elsewhere and miss nothing', async () => {
    const reader = await cluster.reader();
    const { storyId, sceneId, writer } = await startStory(live()[0]!, reader.token);
    // One reader on the process that will stop, one on another.
    const leaving = await connectStory(writer!, storyId, reader.token);
    const staying = await connectStory(elsewhere(writer), storyId, reader.token);
    leaving.send({ type: 'get_current_scene' });
    staying.send({ type: 'get_current_scene' });
    await until(() => linesRead(leaving.events).length >= 2);

    const readBefore = linesRead(leaving.events).length;
    writer!.child.kill('SIGTERM');
    expect(await leaving.closed).toBe(1001);
    expect(await writer!.exited).toBe(0);
    // As the reader's client does: reconnect (here to a process still running) and ask for what came after.
    const lastSeen = Math.max(...leaving.events.map((e) => e.event_id));
    const back = await connectStory(elsewhere(writer), storyId, reader.token);
    back.send({ type: 'get_current_scene', after_event_id: lastSeen });
    await back.next('stream_done', 0, 30_000);
    await staying.next('stream_done', 0, 30_000);

    const { lines, lineEvents } = await storedScene(sceneId);
    expect(lines).toBeGreaterThan(readBefore + 1);
    expect(linesRead([...leaving.events, ...back.events])).toEqual(upTo(lines));
    expect(linesRead(staying.events)).toEqual(upTo(lines));
    expect(lineEvents.sort((a, b) => a - b)).toEqual(upTo(lines));
    back.ws.close();
    staying.ws.close();
  }, 60_000);
});
