import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyUsage } from '../../../src/server/db/schema';
import { SOCKET_ERRORS } from '../../../src/shared/protocol';
import { linkTokenFromMail, loginToken, startTestServer, type TestServer } from '../support/app';
import { createEn, openStorySocket, verifiedReader } from '../support/story-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LIBRARY_LINE_DELAY_MS: '0', SOCKET_PING_INTERVAL_MS: '1000' });
});
afterAll(() => server.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('revoking a session', () => {
  it('ends the sockets opened with it: nothing more is accepted after logout', async () => {
    const reader = await verifiedReader(server);
    const socket = await openStorySocket(server, 'temp-revoked', reader.token);
    await socket.next('connected');
    await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth(reader.token) });

    socket.send({ ...createEn, generation_id: 'after-logout' });
    const refused = await socket.next('error');
    expect(refused.data).toEqual({ code: 'UNAUTHORIZED', message: SOCKET_ERRORS.UNAUTHORIZED });
    expect((await socket.closed).code).toBe(4401);
    // Nothing was charged to the learner's quota.
    expect(await server.database.db.select().from(monthlyUsage).where(eq(monthlyUsage.userId, reader.userId))).toEqual([]);
  });

  it('ends a story socket after a password reset, even one that sends nothing', async () => {
    const reader = await verifiedReader(server);
    const writer = await openStorySocket(server, 'temp-story', reader.token);
    writer.send(createEn);
    const storyId = (await writer.next('story_id_ready')).data.story_id;
    const choices = await writer.next('choices_ready');
    await writer.next('stream_done');
    const quiet = await openStorySocket(server, storyId, reader.token);
    await quiet.next('connected');

    await server.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: reader.email } });
    const token = await linkTokenFromMail(server, reader.email, 'reset-password');
    await server.app.inject({ method: 'POST', url: '/api/auth/reset-password/confirm', payload: { token, new_password: 'Momiji2027' } });

    // The quiet socket is found out by the server's heartbeat.
    expect((await quiet.closed).code).toBe(4401);
    writer.send({ type: 'choice', choice_id: choices.data.choices[0]!.id, generation_id: 'stolen' });
    expect((await writer.closed).code).toBe(4401);
    expect(server.app.stories.isWriting(storyId)).toBe(false);
    // The new password opens a new session that works.
    const fresh = await openStorySocket(server, storyId, await loginToken(server, reader.email, 'Momiji2027'));
    await fresh.next('connected');
    fresh.ws.close();
  });
});
