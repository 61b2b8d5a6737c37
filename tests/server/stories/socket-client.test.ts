import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createStorySocket } from '../../../src/net/story-socket';
import { scenes } from '../../../src/server/db/schema';
import { createLibraryStoryteller } from '../../../src/server/storyteller/library/provider';
import type { Storyteller } from '../../../src/server/storyteller/types';
import type { DialogueEntry } from '../../../src/shared/protocol';
import { startTestServer, type TestServer } from '../support/app';
import { createJa, verifiedReader } from '../support/story-socket';

let server: TestServer;
let address: string;
let scenesTold = 0;
beforeAll(async () => {
  const library = createLibraryStoryteller({ lineDelayMs: 150 });
  const storyteller: Storyteller = {
    ...library,
    tell: (request, signal) => {
      scenesTold++;
      return library.tell(request, signal);
    },
  };
  server = await startTestServer({}, { storyteller });
  await server.app.language.ready;
  address = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
});
afterAll(async () => {
  await server?.close();
});

const until = async (check: () => boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('the story socket client against the real server', () => {
  it('creates a story on a temporary id, survives a dropped connection and misses no line and repeats none', async () => {
    const reader = await verifiedReader(server);
    const socket = createStorySocket({
      url: (id) => `${address}/ws/story/${id}?token=${reader.token}`,
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    const lines: DialogueEntry[] = [];
    socket.on('scene_part_ready', (event) => lines.push(...event.data.dialogue_entries));
    let done = false;
    socket.on('stream_done', () => (done = true));

    socket.connect(`temp-${Date.now()}`);
    socket.send({ ...createJa, generation_id: 'g1' });
    await until(() => lines.length >= 2);
    const storyId = socket.id!;
    expect(storyId).toMatch(/^[0-9a-f-]{36}$/);

    // The network drops: the server's side of every socket goes away without a closing handshake.
    for (const client of server.app.websocketServer.clients) client.terminate();
    await until(() => socket.state === 'CONNECTING');
    await until(() => done, 30_000);

    const [scene] = await server.database.db.select().from(scenes).where(eq(scenes.storyId, storyId));
    expect(scene!.status).toBe('complete');
    expect(lines.map((l) => l.text)).toEqual((scene!.dialogue as DialogueEntry[]).map((d) => d.text));
    socket.disconnect();
  });

  it('paces a library scene evenly: the level check never makes it tell a line twice or rush the next one', async () => {
    const reader = await verifiedReader(server);
    const socket = createStorySocket({
      url: (id) => `${address}/ws/story/${id}?token=${reader.token}`,
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    const arrivals: { index: number; at: number }[] = [];
    socket.on('scene_part_ready', (event) => arrivals.push({ index: event.data.part_index, at: performance.now() }));
    let done = false;
    socket.on('stream_done', () => (done = true));
    const toldBefore = scenesTold;
    socket.connect(`temp-pace-${Date.now()}`);
    socket.send({ ...createJa, generation_id: 'g1' });
    await until(() => done, 30_000);
    expect(arrivals.map((a) => a.index)).toEqual(arrivals.map((_, i) => i));
    const gaps = arrivals.slice(1).map((a, i) => a.at - arrivals[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(120);
    expect(scenesTold - toldBefore).toBe(1);
    socket.disconnect();
  });
});
