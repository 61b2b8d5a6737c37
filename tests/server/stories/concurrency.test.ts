import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenes, storyEvents } from '../../../src/server/db/schema';
import { startTestServer, type TestServer } from '../support/app';
import { createEn, openStorySocket, verifiedReader } from '../support/story-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LIBRARY_LINE_DELAY_MS: '0' });
});
afterAll(() => server.close());

describe('simultaneous choices', () => {
  it('write the next scene once: one reader wins, the others are told a scene is being written', async () => {
    const reader = await verifiedReader(server);
    const creator = await openStorySocket(server, 'temp-race', reader.token);
    creator.send(createEn);
    const storyId = (await creator.next('story_id_ready')).data.story_id;
    const choiceId = (await creator.next('choices_ready')).data.choices[0]!.id;
    await creator.next('stream_done');
    creator.ws.close();

    const readers = await Promise.all(Array.from({ length: 4 }, () => openStorySocket(server, storyId, reader.token)));
    await Promise.all(readers.map((r) => r.next('connected')));
    readers.forEach((r, i) => r.send({ type: 'choice', choice_id: choiceId, generation_id: `gen-${i}` }));
    await readers[0]!.next('stream_done', 0, 15_000);
    await server.app.stories.idle();

    const written = await server.database.db.select().from(scenes).where(eq(scenes.storyId, storyId));
    expect(written.filter((s) => s.sceneNumber === 2)).toHaveLength(1);
    expect(written.every((s) => s.status === 'complete')).toBe(true);
    const refusals = readers.flatMap((r) => r.events.filter((e) => e.type === 'error'));
    expect(refusals).toHaveLength(3);
    for (const refusal of refusals) expect(refusal.data).toEqual({ code: 'IN_PROGRESS', message: 'A scene is already being written. Please wait.' });

    // Event ids run 1, 2, 3… without a gap or a repeat.
    const ids = (await server.database.db.select({ id: storyEvents.eventId }).from(storyEvents).where(eq(storyEvents.storyId, storyId)).orderBy(asc(storyEvents.eventId))).map((row) => row.id);
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    for (const r of readers) r.ws.close();
  });
});
