import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyUsage, scenes, stories, storyEvents } from '../../../src/server/db/schema';
import { SERVER_STOPPING } from '../../../src/server/stories/generation';
import { startTestServer, type TestServer } from '../support/app';
import { STALL_AFTER_FIRST_LINE, startFakeChatServer, type FakeChatServer } from '../support/fake-openai';
import { createEn, openStorySocket, verifiedReader } from '../support/story-socket';

let model: FakeChatServer;
let server: TestServer;
beforeAll(async () => {
  model = await startFakeChatServer();
  // The model writes the first line, then goes silent without closing its stream, for longer than any test.
  model.script([STALL_AFTER_FIRST_LINE]);
  server = await startTestServer({ LLM_BASE_URL: model.url, LLM_MODEL: 'fake', LLM_IDLE_TIMEOUT_MS: '600000', LLM_DEADLINE_MS: '600000' });
});
afterAll(async () => {
  await server.database.close();
  await model.close();
});

describe('stopping the server during a stalled scene', () => {
  it('stops the scene at once: alone it records it and refunds the new story, in a cluster it hands the scene back', async () => {
    const reader = await verifiedReader(server);
    const socket = await openStorySocket(server, 'temp-stop', reader.token);
    socket.send(createEn);
    const storyId = (await socket.next('story_id_ready')).data.story_id;
    await socket.next('scene_part_ready');
    expect(server.app.stories.isWriting(storyId)).toBe(true);

    const started = performance.now();
    await server.app.close();
    expect(performance.now() - started).toBeLessThan(3000);

    const db = server.database.db;
    const [story] = await db.select().from(stories).where(eq(stories.id, storyId));
    if (server.database.kind === 'postgres') {
      // A process of a cluster hands the scene back for another to continue: nothing ends, nothing is refunded.
      expect(story).toMatchObject({ status: 'generating', charged: true });
      expect((await db.select().from(scenes).where(eq(scenes.storyId, storyId))).map((s) => [s.status, s.writer])).toEqual([['generating', null]]);
      const [usage] = await db.select().from(monthlyUsage).where(eq(monthlyUsage.userId, reader.userId));
      expect(usage?.storiesGenerated).toBe(1);
      return;
    }
    expect(story).toMatchObject({ status: 'failed', charged: false });
    expect((await db.select().from(scenes).where(eq(scenes.storyId, storyId))).map((s) => s.status)).toEqual(['failed']);
    const [usage] = await db.select().from(monthlyUsage).where(eq(monthlyUsage.userId, reader.userId));
    expect(usage?.storiesGenerated ?? 0).toBe(0);
    const events = await db.select().from(storyEvents).where(eq(storyEvents.storyId, storyId));
    expect(events.at(-1)).toMatchObject({ type: 'streaming_error', data: { type: 'ProviderUnavailable', message: SERVER_STOPPING } });
  });
});
