import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/client';
import { stories, storyEvents, users } from '../../../src/server/db/schema';
import type { EventBus } from '../../../src/server/stories/event-bus';
import { createEventWriter } from '../../../src/server/stories/event-writer';
import { createPostgresEventBus } from '../../../src/server/stories/postgres-event-bus';
import type { ServerEvent } from '../../../src/shared/protocol';
import { freshDatabase } from '../support/database';

const silent = { warn: () => undefined, error: () => undefined, info: () => undefined } as never;
const onPostgres = process.env.TEST_DB === 'postgres';

let database: DatabaseHandle;
let writer: EventBus;
let reader: EventBus;
let storyId: string;
let userId: string;
beforeAll(async () => {
  if (!onPostgres) return;
  database = await freshDatabase();
  // Two buses on one database stand for two processes.
  writer = await createPostgresEventBus({ url: database.url!, db: database.db, log: silent });
  reader = await createPostgresEventBus({ url: database.url!, db: database.db, log: silent });
  const [user] = await database.db.insert(users).values({ name: 'Aoi', email: `bus-${Date.now()}@example.com`, passwordHash: 'unused' }).returning();
  const [story] = await database.db.insert(stories).values({ userId: user!.id, language: 'en', level: 'A2', theme: 'mystery', provider: 'library' }).returning();
  storyId = story!.id;
  userId = user!.id;
});
afterAll(async () => {
  await writer?.close();
  await reader?.close();
  await database?.close();
});

const line = (eventId: number, text: string): ServerEvent => ({
  type: 'scene_part_ready',
  event_id: eventId,
  story_id: storyId,
  data: { part_index: eventId - 1, part: 'dialogue', dialogue_entries: [{ index: eventId - 1, speaker: '', text, html_text: text, emotion: 'neutral', character_id: null, new_words: [] }] },
});

describe.runIf(onPostgres)('story events through LISTEN/NOTIFY', () => {
  it('delivers another process’s events in order: small ones in the notice, one over 8,000 bytes read from its row', async () => {
    const got: ServerEvent[] = [];
    const off = reader.subscribe(storyId, (event) => got.push(event));
    const big = line(2, 'a long line '.repeat(1_000));
    // Only a stored event can travel by id: the big one is in story_events, as every stored event is.
    await database.db.insert(storyEvents).values({ storyId, eventId: 2, type: big.type, data: big.data as Record<string, unknown> });
    const sent = [line(1, 'First.'), big, line(3, 'Third.'), { type: 'streaming_error', event_id: 0, story_id: storyId, data: { type: 'GenerationFailed', message: 'Unstored.' } } as ServerEvent];
    const own: ServerEvent[] = [];
    const offOwn = writer.subscribe(storyId, (event) => own.push(event));
    for (const event of sent) writer.publish(storyId, event);

    const deadline = Date.now() + 5_000;
    while (got.length < sent.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(got).toEqual(sent);
    // The publishing process delivers its own events once, at once, not again from the channel.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(own).toEqual(sent);
    off();
    offOwn();
  });

  it('reads nothing for a story nobody here follows, and refuses a forged notice', async () => {
    const got: ServerEvent[] = [];
    const off = reader.subscribe(storyId, (event) => got.push(event));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(`SELECT pg_notify('story_events', $1)`, [JSON.stringify({ o: 'someone', s: storyId, v: { type: 'scene_part_ready', event_id: 9, data: { nonsense: true } } })]);
    await client.query(`SELECT pg_notify('story_events', 'not json')`);
    await client.end();
    writer.publish(storyId, line(4, 'After the forgery.'));
    const deadline = Date.now() + 5_000;
    while (got.length < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(got.map((e) => e.event_id)).toEqual([4]);
    off();
  });

  it('announces a stored event from the statement that stores it: whole when it fits, by id when it does not', async () => {
    const [story] = await database.db.insert(stories).values({ userId, language: 'en', level: 'A2', theme: 'mystery', provider: 'library' }).returning();
    const got: ServerEvent[] = [];
    const off = reader.subscribe(story!.id, (event) => got.push(event));
    const emit = createEventWriter(database.db, writer, story!.id).emit;
    const small = await emit('generation_started', {});
    const big = await emit('streaming_error', { type: 'GenerationFailed', message: 'x'.repeat(9_000) });
    const deadline = Date.now() + 5_000;
    while (got.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(got).toEqual([small, big]);
    off();
  });
});
