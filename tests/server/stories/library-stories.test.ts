import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characters, saves, scenes, stories, storyCharacters, storyEvents } from '../../../src/server/db/schema';
import { loadLibrary } from '../../../src/server/storyteller/library/catalogue';
import { availabilityResponse, storytellerResponse } from '../../../src/shared/story-views';
import { startTestServer, type TestServer } from '../support/app';
import { openStorySocket, verifiedReader } from '../support/story-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LIBRARY_LINE_DELAY_MS: '0', FREE_STORIES_PER_MONTH: '10' });
});
afterAll(async () => {
  await server.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const b1Adventure = { type: 'create_story', theme: 'adventure', language: 'en', language_level: 'B1' } as const;

async function create(token: string, message: Record<string, unknown> = b1Adventure) {
  const socket = await openStorySocket(server, `temp-${Math.random()}`, token);
  socket.send(message);
  const storyId = (await socket.next('story_id_ready')).data.story_id;
  await socket.next('stream_done');
  socket.ws.close();
  const [row] = await server.database.db.select().from(stories).where(eq(stories.id, storyId));
  return row!;
}

async function availability(token: string, query = 'language=en&level=B1&theme=adventure') {
  const response = await server.app.inject({ method: 'GET', url: `/api/stories/availability?${query}`, headers: auth(token) });
  expect(response.statusCode).toBe(200);
  return availabilityResponse.parse(response.json()).data;
}

async function storiesUsed(token: string): Promise<number> {
  const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(token) });
  return me.json().subscription.stories_generated;
}

describe('library stories for a learner', () => {
  it('says which storyteller is active, to anyone', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/stories/storyteller' });
    expect(storytellerResponse.parse(response.json()).data).toEqual({ storyteller: 'library', library_stories: loadLibrary().length });
  });

  it('gives five different stories to five creations with the same options, and warns before a story is spent once the theme and band are read', async () => {
    const reader = await verifiedReader(server);
    const before = await availability(reader.token);
    expect(before.storyteller).toBe('library');
    expect(before.library!.unread).toBe(before.library!.total);
    expect(before.library!.total).toBeGreaterThanOrEqual(3);

    const told: string[] = [];
    for (let i = 0; i < 5; i++) {
      const expected = (await availability(reader.token)).library!.next!;
      const story = await create(reader.token);
      told.push(story.sourceId!);
      // What the creation screen named is what Start Reading opened.
      expect(story.title).toBe(expected.title);
      if (i === before.library!.total - 1) {
        const read = (await availability(reader.token)).library!;
        expect(read.unread).toBe(0);
        expect(read.next!.reason).toBe('nearest');
        expect(read.elsewhere.length).toBeGreaterThan(0);
      }
    }
    expect(new Set(told).size).toBe(5);
    expect(await storiesUsed(reader.token)).toBe(5);
    // Asking what a story would be spends nothing.
    await availability(reader.token);
    expect(await storiesUsed(reader.token)).toBe(5);
  });

  it('lets a custom wish pick among the unread stories by their tags', async () => {
    const library = loadLibrary().filter((s) => s.language === 'en' && s.theme === 'adventure' && s.levels.join() === 'B1,B2');
    const wanted = library[library.length - 1]!;
    const reader = await verifiedReader(server);
    const wish = `A story with ${wanted.tags.join(' and ')}, please`;
    const asked = await availability(reader.token, `language=en&level=B2&theme=adventure&custom_prompt=${encodeURIComponent(wish)}`);
    expect(asked.library!.next!.title).toBe(wanted.title);
    const story = await create(reader.token, { ...b1Adventure, language_level: 'B2', custom_prompt: wish });
    expect(story.sourceId).toBe(wanted.id);
  });

  it('refuses a malformed availability question in the catalogue’s words', async () => {
    const reader = await verifiedReader(server);
    const response = await server.app.inject({ method: 'GET', url: '/api/stories/availability?language=en&level=B1&theme=horror', headers: auth(reader.token) });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('theme must be one of the story themes');
    expect((await server.app.inject({ method: 'GET', url: '/api/stories/availability?language=en&level=B1&theme=adventure' })).statusCode).toBe(401);
  });

  it('removes a story with everything of it, without giving it back to the quota', async () => {
    const reader = await verifiedReader(server);
    const story = await create(reader.token);
    const save = await server.app.inject({ method: 'POST', url: '/api/saves/save', headers: auth(reader.token), payload: { slot_index: 0, story_id: story.id, line_index: 1 } });
    expect(save.statusCode).toBe(200);
    const cast = await server.database.db.select().from(storyCharacters).where(eq(storyCharacters.storyId, story.id));
    expect(cast.length).toBeGreaterThan(0);

    const other = await verifiedReader(server);
    const stranger = await server.app.inject({ method: 'DELETE', url: `/api/stories/${story.id}`, headers: auth(other.token) });
    expect(stranger.statusCode).toBe(404);

    const removed = await server.app.inject({ method: 'DELETE', url: `/api/stories/${story.id}`, headers: auth(reader.token) });
    expect(removed.statusCode).toBe(200);
    const db = server.database.db;
    expect(await db.select().from(stories).where(eq(stories.id, story.id))).toEqual([]);
    expect(await db.select().from(scenes).where(eq(scenes.storyId, story.id))).toEqual([]);
    expect(await db.select().from(storyEvents).where(eq(storyEvents.storyId, story.id))).toEqual([]);
    expect(await db.select().from(storyCharacters).where(eq(storyCharacters.storyId, story.id))).toEqual([]);
    expect(await db.select().from(saves).where(eq(saves.storyId, story.id))).toEqual([]);
    for (const member of cast) expect(await db.select().from(characters).where(eq(characters.id, member.characterId))).toEqual([]);
    expect(await storiesUsed(reader.token)).toBe(1);

    const list = await server.app.inject({ method: 'GET', url: '/api/stories', headers: auth(reader.token) });
    expect(list.json().data.stories).toEqual([]);
    const again = await server.app.inject({ method: 'DELETE', url: `/api/stories/${story.id}`, headers: auth(reader.token) });
    expect(again.statusCode).toBe(404);
  });
});
