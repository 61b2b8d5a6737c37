import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Resvg } from '@resvg/resvg-js';

export type FakeMode = 'ok' | 'url' | 'slow' | 'error' | 'garbage';

export function solidPng(width: number, height: number, color: string): Buffer {
  return Buffer.from(
    new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${color}"/></svg>`)
      .render()
      .asPng(),
  );
}

async function body(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

/** A local stand-in for an OpenAI-compatible images API, speaking its wire format. */
export async function startFakeImageApi() {
  const state = { mode: 'ok' as FakeMode, requests: [] as Array<{ auth?: string; body: Record<string, unknown> }> };
  const picture = solidPng(1536, 1024, '#ff0000');
  const server = createServer(async (request, response) => {
    if (request.method === 'GET' && request.url === '/files/picture.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
      return;
    }
    if (request.method !== 'POST' || request.url !== '/v1/images/generations') {
      response.writeHead(404).end();
      return;
    }
    state.requests.push({ auth: request.headers.authorization, body: JSON.parse(await body(request)) });
    const json = (status: number, payload: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    switch (state.mode) {
      case 'ok':
        return json(200, { created: 1, data: [{ b64_json: picture.toString('base64') }] });
      case 'url': {
        const { port } = server.address() as AddressInfo;
        return json(200, { created: 1, data: [{ url: `http://127.0.0.1:${port}/files/picture.png` }] });
      }
      case 'slow':
        setTimeout(() => json(200, { created: 1, data: [{ b64_json: picture.toString('base64') }] }), 1500);
        return;
      case 'error':
        return json(500, { error: { message: 'the model is overloaded', type: 'server_error' } });
      case 'garbage':
        return json(200, { created: 1, data: [{ b64_json: Buffer.from('definitely not an image').toString('base64') }] });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
