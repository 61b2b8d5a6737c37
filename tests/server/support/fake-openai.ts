import type { ServerResponse } from 'node:http';
import Fastify, { type FastifyReply } from 'fastify';

/** One streamed answer: its text sent in chunks at a pace, or cut off, or an HTTP error. */
export interface StreamScript {
  /** The answer, or a function of the request's messages (a model that reads its prompt). */
  content?: string | ((messages: { role: string; content: string }[]) => string);
  chunkSize?: number;
  chunkDelayMs?: number;
  /** Hang up after this many characters, mid-answer. */
  cutAfter?: number;
  /** Go quiet after this many characters, mid-answer, with the connection left open (a stalled model). */
  stallAfter?: number;
  /** After the whole answer, send neither the finish chunk nor [DONE] and never end the response. */
  holdOpen?: boolean;
  status?: number;
}

export interface FakeChatServer {
  url: string;
  requests: { model: string; stream?: boolean; messages: { role: string; content: string }[] }[];
  /** What the next answers say, or how they fail. */
  behave(mode: { answer?: string; delayMs?: number; status?: number }): void;
  /** The streamed answers to give, one per request, in order; the last one repeats. */
  script(answers: StreamScript[]): void;
  /** How many streamed answers still have their connection open (a client that gave up closed its own). */
  openStreams(): number;
  close(): Promise<void>;
}

/**
 * A local stand-in for an OpenAI-compatible server: POST /v1/chat/completions answers in the real
 * wire format, so the product's client code runs unchanged against it.
 */
export async function startFakeChatServer(): Promise<FakeChatServer> {
  // Force-close: a client that gave up on a slow answer must not keep close() waiting.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const requests: FakeChatServer['requests'] = [];
  let mode: { answer?: string; delayMs?: number; status?: number } = { answer: 'A fake explanation.' };
  let scripts: StreamScript[] = [];
  const open = new Set<ServerResponse>();
  app.post('/v1/chat/completions', async (request, reply) => {
    const body = request.body as FakeChatServer['requests'][number];
    requests.push(body);
    if (body.stream) {
      open.add(reply.raw);
      reply.raw.once('close', () => open.delete(reply.raw));
      return streamAnswer(reply, body, (scripts.length > 1 ? scripts.shift() : scripts[0]) ?? {});
    }
    if (mode.delayMs) {
      const delay = mode.delayMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        reply.raw.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    if (mode.status) return reply.code(mode.status).send({ error: { message: 'fake failure', type: 'server_error' } });
    return {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: mode.answer ?? '' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${address}/v1`,
    requests,
    behave: (next) => {
      mode = next;
    },
    script: (answers) => {
      scripts = [...answers];
    },
    openStreams: () => open.size,
    // Held-open and stalled streams are closed by forceCloseConnections, so this never waits on them.
    close: () => app.close(),
  };
}

/** The chat-completions stream as OpenAI sends it: server-sent events of `chat.completion.chunk`, then [DONE]. */
async function streamAnswer(reply: FastifyReply, body: FakeChatServer['requests'][number], script: StreamScript) {
  const model = body.model;
  if (script.status) return reply.code(script.status).send({ error: { message: 'fake failure', type: 'server_error' } });
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  raw.write(chunk({ role: 'assistant', content: '' }));
  const content = typeof script.content === 'function' ? script.content(body.messages) : (script.content ?? '');
  const size = script.chunkSize ?? 12;
  for (let at = 0; at < content.length; at += size) {
    if (raw.destroyed) return;
    if (script.cutAfter !== undefined && at >= script.cutAfter) {
      // Ends the connection after what was written (and read) so far, without the stream's end: a cut answer.
      await new Promise((resolve) => setTimeout(resolve, 50));
      raw.socket?.end();
      return;
    }
    if (script.stallAfter !== undefined && at >= script.stallAfter) return;
    if (script.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, script.chunkDelayMs));
    raw.write(chunk({ content: content.slice(at, at + size) }));
  }
  if (script.holdOpen) return;
  raw.write(chunk({}, 'stop'));
  raw.end('data: [DONE]\n\n');
}

/** A short scene answer for a model that writes its first line and then goes silent, stream still open. */
const stallingAnswer = JSON.stringify({
  title: 'The Quiet Harbour',
  characters: [{ key: 'mia', name: 'Mia' }, { key: 'tom', name: 'Tom' }],
  setting: { location: 'harbour', time_of_day: 'evening', weather: 'clear', atmosphere: 'calm' },
  dialogue: [
    { speaker: 'narrator', emotion: 'neutral', text: 'The boats are still.' },
    { speaker: 'mia', emotion: 'happy', text: 'Look at the lights, Tom.' },
    { speaker: 'tom', emotion: 'calm', text: 'They are very pretty tonight.' },
  ],
  choices: [{ text: 'Walk to the boats.' }, { text: 'Go home.' }],
  summary: 'Mia and Tom look at the harbour.',
});
export const STALL_AFTER_FIRST_LINE: StreamScript = { content: stallingAnswer, stallAfter: stallingAnswer.indexOf('Look at the lights') };
