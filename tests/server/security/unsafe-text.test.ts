import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyUsage, stories } from '../../../src/server/db/schema';
import { cleanText, isSafeText } from '../../../src/shared/safe-text';
import { PASSWORD, startTestServer, uniqueEmail, type TestServer } from '../support/app';
import { createEn, openStorySocket, verifiedReader } from '../support/story-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LIBRARY_LINE_DELAY_MS: '0' });
});
afterAll(() => server.close());

const post = (url: string, payload: object, token?: string) =>
  server.app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('text the database cannot hold', () => {
  it('is refused in a request with a clear 400 naming the field, and nothing is stored', async () => {
    const email = uniqueEmail();
    const register = await post('/api/auth/register', { name: 'Ao\u0000i', email, password: PASSWORD });
    expect(register.statusCode).toBe(400);
    expect(register.json().detail).toBe('name contains characters that are not allowed');
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);

    const contact = await post('/api/contact', { email, subject: 'other', message: 'A message long enough \ud800 to be sent.' });
    expect(contact.statusCode).toBe(400);
    expect(contact.json().detail).toBe('message contains characters that are not allowed');
    expect((await post('/api/vocabulary/explain', { word: '\udc00' })).json().detail).toBe('word contains characters that are not allowed');
  });

  it('is refused in a new story’s wish before anything is charged', async () => {
    const reader = await verifiedReader(server);
    const socket = await openStorySocket(server, 'temp-nul', reader.token);
    socket.send({ ...createEn, custom_prompt: 'A cat\u0000 detective' });
    const refused = await socket.next('error');
    expect(refused.data).toEqual({ code: 'BAD_REQUEST', message: 'custom_prompt contains characters that are not allowed' });
    expect(await server.database.db.select().from(monthlyUsage).where(eq(monthlyUsage.userId, reader.userId))).toEqual([]);
    expect(await server.database.db.select().from(stories).where(eq(stories.userId, reader.userId))).toEqual([]);

    // Emoji (surrogate pairs) are fine.
    socket.send({ ...createEn, custom_prompt: 'A cat 🐈 detective' });
    await socket.next('story_created');
    socket.ws.close();
  });

  it('is told apart from whole characters', () => {
    expect(isSafeText('猫 🐈 café')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('\ud83d')).toBe(false);
    expect(isSafeText('x\udc08')).toBe(false);
    expect(cleanText('a\u0000b\ud800c🐈\udc00')).toBe('abc🐈');
  });
});
