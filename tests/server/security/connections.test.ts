import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerEvent } from '../../../src/shared/protocol';
import { startTestServer, type TestServer } from '../support/app';
import { verifiedReader } from '../support/story-socket';

const tcpSockets: net.Socket[] = [];
const webSockets: WebSocket[] = [];
afterEach(() => {
  // A half-sent request is not idle, so the server's close would wait for it.
  for (const socket of tcpSockets.splice(0)) socket.destroy();
  for (const ws of webSockets.splice(0)) ws.terminate();
});

/**
 * A listening server for one describe block, with only the settings under test made short, so a close
 * is owed to that setting and not to a neighbouring timeout. Started in a hook so that loading the
 * language services is not counted against a test's own time.
 */
function listening(env: Record<string, string>) {
  const context = {} as { server: TestServer; port: number };
  beforeAll(async () => {
    context.server = await startTestServer(env);
    await context.server.app.language.ready;
    const address = await context.server.app.listen({ port: 0, host: '127.0.0.1' });
    context.port = Number(new URL(address).port);
  });
  afterAll(async () => {
    await context.server?.close();
  });
  return context;
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function until(check: () => boolean, ms: number, what: string) {
  const poll = async () => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  await within(poll(), ms, what);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function connectTcp(port: number) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  tcpSockets.push(socket);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  await within(new Promise((resolve) => socket.once('connect', resolve)), 2_000, 'TCP connect');
  return { socket, closed, openedAt: Date.now(), received: () => received };
}

let tempIds = 0;
function openStorySocket(port: number, token: string, options: WebSocket.ClientOptions = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/story/temp-${++tempIds}?token=${token}`, options);
  webSockets.push(ws);
  ws.on('error', () => undefined);
  let pings = 0;
  ws.on('ping', () => pings++);
  return {
    ws,
    pings: () => pings,
    opened: within(new Promise<number>((resolve) => ws.once('open', () => resolve(Date.now()))), 2_000, 'socket open'),
    // Accepted sockets first hear `connected`, refused ones the `error` that says why.
    firstEvent: within(new Promise<ServerEvent>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data))))), 2_000, 'first event'),
    closed: new Promise<{ at: number; code: number }>((resolve) => ws.once('close', (code) => resolve({ at: Date.now(), code }))),
  };
}

describe('a connection that never sends a byte', () => {
  const context = listening({ CONNECTION_IDLE_TIMEOUT_MS: '1500' });

  it('is closed after CONNECTION_IDLE_TIMEOUT_MS', async () => {
    const tcp = await connectTcp(context.port);
    const closedAt = await within(tcp.closed, 4_000, 'close of a silent connection');
    expect(closedAt - tcp.openedAt).toBeGreaterThanOrEqual(1_000);
  }, 10_000);
});

describe('a request head that never ends', () => {
  const context = listening({ HEADERS_TIMEOUT_MS: '1000' });

  it('is answered 408 or closed within HEADERS_TIMEOUT_MS and one check interval', async () => {
    const tcp = await connectTcp(context.port);
    tcp.socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    // Node looks for expired heads once a second, so the close comes between 1 and 2 s.
    const closedAt = await within(tcp.closed, 4_000, 'close of a half-sent request');
    expect(closedAt - tcp.openedAt).toBeGreaterThanOrEqual(900);
    if (tcp.received()) expect(tcp.received()).toMatch(/^HTTP\/1\.1 408 /);
  }, 10_000);
});

describe('an idle keep-alive connection', () => {
  const context = listening({ KEEP_ALIVE_TIMEOUT_MS: '1000' });

  it('is closed after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const tcp = await connectTcp(context.port);
    tcp.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => tcp.received().includes('{"status":"ok"}'), 2_000, 'health answer');
    const answeredAt = Date.now();
    expect(tcp.received()).toMatch(/^HTTP\/1\.1 200 [^]*\r\nKeep-Alive: timeout=1\r\n/);
    // Node 20 waits a second beyond the advertised timeout before closing, so ~2 s here.
    const closedAt = await within(tcp.closed, 4_000, 'close of an idle keep-alive connection');
    expect(closedAt - answeredAt).toBeGreaterThanOrEqual(900);
  }, 10_000);
});

describe('story socket heartbeat', () => {
  const context = listening({
    // Long enough for a loaded CI machine to answer each ping in time.
    SOCKET_PING_INTERVAL_MS: '500',
    CONNECTION_IDLE_TIMEOUT_MS: '1000',
    HEADERS_TIMEOUT_MS: '1000',
    REQUEST_TIMEOUT_MS: '1000',
  });

  it('terminates a socket whose peer stops answering pings, and keeps one that answers', async () => {
    const { token } = await verifiedReader(context.server);
    const silent = openStorySocket(context.port, token, { autoPong: false });
    const answering = openStorySocket(context.port, token);
    const openedAt = await silent.opened;
    await answering.opened;

    // One interval to ping, the next to find it unanswered.
    const { at } = await within(silent.closed, 3_000, 'termination of a peer that does not pong');
    expect(at - openedAt).toBeGreaterThanOrEqual(800);
    expect(silent.pings()).toBeGreaterThanOrEqual(1);

    // Past the HTTP idle, head and request timeouts too: an upgraded socket is kept by its ping alone.
    await sleep(Math.max(0, openedAt + 3_500 - Date.now()));
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
    expect(answering.pings()).toBeGreaterThanOrEqual(5);
  }, 10_000);
});

describe('story sockets per learner', () => {
  const context = listening({ MAX_SOCKETS_PER_LEARNER: '2' });

  it('refuses a learner’s socket beyond MAX_SOCKETS_PER_LEARNER with 4429, and frees the place on close', async () => {
    const { server, port } = context;
    const aoi = await verifiedReader(server);
    const ren = await verifiedReader(server);
    const first = openStorySocket(port, aoi.token);
    const second = openStorySocket(port, aoi.token);
    // A socket counts once authenticated, which its `connected` event marks.
    expect((await first.firstEvent).type).toBe('connected');
    expect((await second.firstEvent).type).toBe('connected');

    const third = openStorySocket(port, aoi.token);
    expect(await third.firstEvent).toMatchObject({ type: 'error', data: { code: 'TOO_MANY_CONNECTIONS' } });
    expect((await within(third.closed, 2_000, 'close of the third')).code).toBe(4429);

    expect((await openStorySocket(port, ren.token).firstEvent).type).toBe('connected');

    first.ws.close();
    // The client may see its close before the server does; the server's own set says when it has.
    await until(() => server.app.websocketServer.clients.size === 2, 2_000, 'server seeing the close');
    expect((await openStorySocket(port, aoi.token).firstEvent).type).toBe('connected');
  }, 10_000);
});
