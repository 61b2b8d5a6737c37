import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStorySocket, SOCKET_LIMITS, type StorySocketOptions } from '../../src/net/story-socket';
import { SOCKET_ERRORS } from '../../src/shared/protocol';

const STORY = '3f1f6c9e-8a4b-4c2d-9e1f-0a1b2c3d4e5f';

/** A browser WebSocket the test drives: it opens, receives and drops when told to. */
class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeWebSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000, reason = '') {
    if (this.readyState >= 2) return;
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason, wasClean: true }));
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(event: { type: string; [key: string]: unknown }) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ event_id: 0, data: {}, ...event }) }));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason: '', wasClean: false }));
  }
}

const latest = () => FakeWebSocket.all.at(-1)!;
const part = (eventId: number, index: number) => ({
  type: 'scene_part_ready',
  event_id: eventId,
  story_id: STORY,
  data: {
    part_index: index,
    part: 'dialogue',
    dialogue_entries: [{ index, speaker: '', text: `Line ${index}`, html_text: `Line ${index}`, emotion: 'neutral', character_id: null, new_words: [] }],
  },
});

function socketUnderTest(extra: Partial<StorySocketOptions> = {}) {
  const states: string[] = [];
  const socket = createStorySocket({
    url: (id) => `ws://test/ws/story/${id}?token=t`,
    WebSocket: FakeWebSocket as unknown as typeof WebSocket,
    random: () => 0.5,
    onState: (state) => states.push(state),
    ...extra,
  });
  return { socket, states };
}

/** Lets partysocket's promise chains and timers run, on the fake clock. */
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the story socket client', () => {
  it('connects to the story, queues what is sent before it opens and sends it in order on open', async () => {
    const { socket, states } = socketUnderTest();
    expect(socket.state).toBe('IDLE');
    socket.connect(STORY);
    socket.send({ type: 'get_current_scene' });
    socket.send({ type: 'ping' });
    await wait(0);
    expect(latest().url).toBe(`ws://test/ws/story/${STORY}?token=t`);
    expect(latest().sent).toEqual([]);
    latest().open();
    expect(socket.state).toBe('CONNECTED');
    expect(latest().sent).toEqual([{ type: 'get_current_scene' }, { type: 'ping' }]);
    expect(states).toEqual(['CONNECTING', 'CONNECTED']);
  });

  it('reconnects after an unclean close with doubling delays and jitter, five times, then says the connection failed', async () => {
    const { socket } = socketUnderTest();
    socket.connect(STORY);
    await wait(0);
    latest().open();
    latest().drop(1006);
    expect(socket.state).toBe('CONNECTING');
    // Each attempt waits 1000·2^(n-1) ms, then the jitter (0.5 × 1000 ms here).
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      const before = FakeWebSocket.all.length;
      await wait(delay + 499);
      expect(FakeWebSocket.all.length, `not before ${delay + 500} ms`).toBe(before);
      await wait(1);
      expect(FakeWebSocket.all.length).toBe(before + 1);
      latest().drop(1006);
    }
    expect(socket.connectionFailed).toBe(true);
    expect(socket.state).toBe('DISCONNECTED');
    await wait(60_000);
    expect(FakeWebSocket.all).toHaveLength(6);
  });

  it('reconnects when the server goes away (1001: a restart or a hand-over) and asks for what it missed', async () => {
    const { socket } = socketUnderTest();
    socket.connect(STORY);
    await wait(0);
    latest().open();
    latest().receive(part(12, 3));
    const before = FakeWebSocket.all.length;
    latest().drop(1001);
    await wait(2500);
    expect(FakeWebSocket.all).toHaveLength(before + 1);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'get_current_scene', after_event_id: 12 }]);
    expect(socket.state).toBe('CONNECTED');
  });

  it('does not reconnect after a clean close or when the server refuses the token or the story', async () => {
    for (const code of [1000, 4401, 4404]) {
      FakeWebSocket.all = [];
      const { socket } = socketUnderTest();
      socket.connect(STORY);
      await wait(0);
      latest().open();
      latest().drop(code);
      await wait(40_000);
      expect(FakeWebSocket.all, `close ${code}`).toHaveLength(1);
      expect(socket.state).toBe('DISCONNECTED');
      expect(socket.connectionFailed).toBe(false);
    }
  });

  it('pings every 30 s and reconnects when no pong comes within 35 s', async () => {
    const { socket } = socketUnderTest();
    socket.connect(STORY);
    await wait(0);
    latest().open();
    await wait(SOCKET_LIMITS.heartbeatMs);
    expect(latest().sent).toEqual([{ type: 'ping' }]);
    latest().receive({ type: 'pong' });
    await wait(SOCKET_LIMITS.heartbeatMs);
    expect(latest().sent).toHaveLength(2);
    expect(FakeWebSocket.all).toHaveLength(1);
    // No pong this time: 35 s after the ping the socket starts over.
    await wait(SOCKET_LIMITS.pongTimeoutMs + SOCKET_LIMITS.reconnectJitterMs);
    expect(FakeWebSocket.all.length).toBeGreaterThan(1);
    expect(FakeWebSocket.all[0]!.readyState).toBe(3);
  });

  it('disconnects 2 s after being asked, unless the same story is asked for again first', async () => {
    const { socket } = socketUnderTest();
    socket.connect(STORY);
    await wait(0);
    latest().open();
    socket.disconnect();
    expect(socket.state).toBe('DISCONNECTING');
    await wait(1500);
    socket.connect(STORY);
    expect(socket.state).toBe('CONNECTED');
    await wait(5000);
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(latest().readyState).toBe(1);
    socket.disconnect();
    await wait(SOCKET_LIMITS.disconnectDelayMs);
    expect(socket.state).toBe('DISCONNECTED');
    expect(latest().readyState).toBe(3);
  });

  it('holds events nobody listens to yet (at most 50, for 60 s) and hands them over in part order', async () => {
    const { socket } = socketUnderTest();
    socket.connect(STORY);
    await wait(0);
    latest().open();
    latest().receive(part(3, 2));
    latest().receive(part(1, 0));
    latest().receive(part(2, 1));
    const got: number[] = [];
    socket.on('scene_part_ready', (e) => got.push(e.data.part_index));
    expect(got).toEqual([0, 1, 2]);
    latest().receive(part(4, 3));
    expect(got).toEqual([0, 1, 2, 3]);

    for (let i = 0; i < 60; i++) latest().receive({ type: 'background_ready', event_id: 100 + i, data: { scene_image_url: `/b/${i}.png` } });
    const urls: string[] = [];
    const off = socket.on('background_ready', (e) => urls.push(e.data.scene_image_url));
    expect(urls).toHaveLength(SOCKET_LIMITS.bufferLimit);
    expect(urls[0]).toBe('/b/10.png');
    off();

    latest().receive({ type: 'choices_ready', event_id: 500, data: { choices: [] } });
    await wait(SOCKET_LIMITS.bufferExpiryMs);
    const late: unknown[] = [];
    socket.on('choices_ready', (e) => late.push(e));
    expect(late).toEqual([]);
  });

  it('drops events it has seen, and keeps the last 50 ids once it has seen over 100', async () => {
    const { socket } = socketUnderTest();
    socket.connect(STORY);
    await wait(0);
    latest().open();
    const got: number[] = [];
    socket.on('scene_part_ready', (e) => got.push(e.event_id));
    latest().receive(part(1, 0));
    latest().receive(part(1, 0));
    expect(got).toEqual([1]);
    for (let id = 2; id <= 101; id++) latest().receive(part(id, id));
    expect(socket.seenCount).toBe(SOCKET_LIMITS.seenKeep);
    latest().receive(part(101, 101));
    expect(got).toHaveLength(101);
  });

  it('asks for what it missed after a reconnect, and stops asking after 3 "No scene data" answers', async () => {
    const { socket } = socketUnderTest();
    socket.connect(STORY);
    await wait(0);
    latest().open();
    latest().receive(part(7, 0));
    latest().drop();
    await wait(1500);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'get_current_scene', after_event_id: 7 }]);

    for (let i = 0; i < 3; i++) latest().receive({ type: 'error', data: { code: 'NO_SCENE', message: SOCKET_ERRORS.NO_SCENE } });
    expect(socket.sceneRequestsOpen).toBe(false);
    latest().drop();
    // The second attempt in a row waits 2000 ms and the jitter.
    await wait(2500);
    latest().open();
    expect(latest().sent).toEqual([]);
  });

  it('moves from the temporary id to the story id the server names, for every later reconnect', async () => {
    const { socket } = socketUnderTest();
    socket.connect('temp-123');
    await wait(0);
    expect(latest().url).toContain('/ws/story/temp-123?');
    latest().open();
    latest().receive({ type: 'story_id_ready', event_id: 2, story_id: STORY, data: { story_id: STORY, title: 'A Day' } });
    expect(socket.id).toBe(STORY);
    latest().drop();
    await wait(1500);
    expect(latest().url).toContain(`/ws/story/${STORY}?`);
  });
});
