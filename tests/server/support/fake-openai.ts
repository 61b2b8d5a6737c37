import Fastify from 'fastify';

export interface FakeChatServer {
  url: string;
  requests: { model: string; messages: { role: string; content: string }[] }[];
  /** What the next answers say, or how they fail. */
  behave(mode: { answer?: string; delayMs?: number; status?: number }): void;
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
  app.post('/v1/chat/completions', async (request, reply) => {
    const body = request.body as FakeChatServer['requests'][number];
    requests.push(body);
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
    close: () => app.close(),
  };
}
