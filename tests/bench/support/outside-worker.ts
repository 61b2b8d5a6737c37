// The world outside the server, on its own thread: a model streaming at its own pace and readers on
// real WebSockets. Sharing the server's event loop would bill their work to the server.
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import WebSocket from 'ws';
import { serverEvent, type ServerEvent } from '../../../src/shared/protocol';
import { startFakeChatServer, type StreamScript } from '../../server/support/fake-openai';
import { wallClock } from './clock';
import type { CreateMessage, OutsideCalls, Timing } from './outside';

const model = await startFakeChatServer();
const port = parentPort!;

async function open(ws: string, token: string): Promise<WebSocket> {
  const socket = new WebSocket(`${ws}/ws/story/temp-${randomUUID()}?token=${token}`);
  await once(socket, 'open');
  return socket;
}

/** One story created, timed from the moment create_story is sent to the first line and to the reader opening. */
async function create({ ws, http, token, message }: { ws: string; http: string; token: string; message: CreateMessage }): Promise<Timing> {
  const socket = await open(ws, token);
  const started = performance.now();
  const seen = new Set<string>();
  let background: Promise<number> | undefined;
  try {
    return await new Promise<Timing>((resolve, reject) => {
      socket.on('message', (raw: Buffer) => {
        const at = performance.now() - started;
        const event = serverEvent.parse(JSON.parse(raw.toString('utf8'))) as ServerEvent;
        if (event.type === 'streaming_error' || event.type === 'error') reject(new Error(JSON.stringify(event.data)));
        if (event.type === 'background_ready') {
          // The reader preloads the picture before it navigates.
          background = fetch(http + event.data.scene_image_url)
            .then((response) => response.arrayBuffer())
            .then(() => performance.now() - started);
        }
        if (event.type === 'scene_part_ready' && !seen.has(event.type)) {
          if (!seen.has('story_id_ready') || !seen.has('scene_metadata_ready') || !background) reject(new Error('a line came before the story was announced'));
          void background!.then((pictureAt) => resolve({ firstLine: at, navigationReady: Math.max(at, pictureAt) }), reject);
        }
        seen.add(event.type);
      });
      socket.send(JSON.stringify(message));
    });
  } finally {
    socket.close();
  }
}

/**
 * Readers who all start a story at once and read `scenes` scenes, choosing the first choice at once.
 * Returns when each event arrived, by story and event id, on the clock both threads share, and for
 * each reader how long the first line and the whole reading took.
 */
async function read({ ws, tokens, messages, scenes }: { ws: string; tokens: string[]; messages: CreateMessage[]; scenes: number }) {
  const sockets = await Promise.all(tokens.map((token) => open(ws, token)));
  const receipts: [string, number][] = [];
  const errors: string[] = [];
  const readers: { firstLine: number; finished: number }[] = [];
  await Promise.all(
    sockets.map(
      (socket, i) =>
        new Promise<void>((resolve) => {
          let read = 0;
          let choice: string | undefined;
          const started = wallClock();
          let firstLine = 0;
          socket.on('message', (raw: Buffer) => {
            const at = wallClock();
            const event = JSON.parse(raw.toString('utf8')) as ServerEvent;
            if (event.event_id > 0) receipts.push([`${event.story_id}:${event.event_id}`, at]);
            if (event.type === 'scene_part_ready' && !firstLine) firstLine = at - started;
            if (event.type === 'streaming_error' || event.type === 'error') {
              errors.push(JSON.stringify(event.data));
              socket.close();
              resolve();
            }
            if (event.type === 'choices_ready') choice = event.data.choices[0]?.id;
            if (event.type === 'stream_done') {
              read++;
              if (read >= scenes || !choice) {
                readers.push({ firstLine, finished: at - started });
                socket.close();
                resolve();
              } else {
                socket.send(JSON.stringify({ type: 'choice', choice_id: choice, generation_id: `scene-${read + 1}` }));
                choice = undefined;
              }
            }
          });
          socket.send(JSON.stringify(messages[i % messages.length]));
        }),
    ),
  );
  return { receipts, errors, readers };
}

const calls: OutsideCalls = {
  modelUrl: async () => model.url,
  script: async (answers: StreamScript[]) => model.script(answers),
  create,
  read,
  close: () => model.close(),
};

port.on('message', async ({ id, call, args }: { id: number; call: keyof OutsideCalls; args: never }) => {
  try {
    port.postMessage({ id, result: await calls[call](args) });
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
port.postMessage({ id: 0 });
