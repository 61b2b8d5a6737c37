import ReconnectingWebSocket, { CloseEvent as SyntheticCloseEvent } from 'partysocket/ws';
import { serverEvent, SOCKET_ERRORS, type ClientMessage, type EventType, type ServerEvent } from '../shared/protocol';

/** SPEC §9, Socket. */
export const SOCKET_LIMITS = {
  maxReconnectAttempts: 5,
  reconnectBaseDelayMs: 1000,
  reconnectMaxDelayMs: 30_000,
  reconnectJitterMs: 1000,
  heartbeatMs: 30_000,
  pongTimeoutMs: 35_000,
  bufferLimit: 50,
  bufferExpiryMs: 60_000,
  disconnectDelayMs: 2000,
  seenTrimAbove: 100,
  seenKeep: 50,
  noSceneBreaker: 3,
} as const;

export type SocketState = 'IDLE' | 'CONNECTING' | 'CONNECTED' | 'DISCONNECTING' | 'DISCONNECTED';

/**
 * Closed by the server for good: the token is dead, the story is not this learner's, or too many are open.
 * 1001 is not among them: the server sends it when it restarts or hands its readers to another process, and
 * the reader reconnects (SPEC §4 counted it final; docs/decisions.md says why it is not).
 */
const FINAL_CLOSE_CODES = new Set([1000, 4401, 4404, 4429]);

export interface StorySocketOptions {
  /** The socket address for a story or temporary id (with the token). */
  url(id: string): string;
  /** The browser's by default; tests pass a fake. */
  WebSocket?: typeof WebSocket;
  random?: () => number;
  onState?(state: SocketState, connectionFailed: boolean): void;
}

type Handler<T extends EventType> = (event: ServerEvent<T>) => void;

interface Buffered {
  event: ServerEvent;
  at: number;
}

/**
 * The story socket of SPEC §4 on partysocket: reconnects after an unclean close with backoff and jitter
 * (then gives up and says so), keeps the connection alive with pings, queues what is sent while offline,
 * holds events nobody listens to yet, drops events it has seen, and after a reconnect asks for what it
 * missed. One story at a time; a temporary id moves to the real story id once the server names it.
 */
export function createStorySocket(options: StorySocketOptions) {
  const random = options.random ?? Math.random;
  let socket: ReconnectingWebSocket | undefined;
  let id: string | undefined;
  let state: SocketState = 'IDLE';
  let connectionFailed = false;
  let opens = 0;
  let closing = false;
  const outbox: string[] = [];
  const handlers = new Map<EventType, Set<Handler<never>>>();
  let buffer: Buffered[] = [];
  let seen = new Set<number>();
  let lastEventId = 0;
  let noSceneErrors = 0;
  let disconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  const setState = (next: SocketState) => {
    state = next;
    options.onState?.(state, connectionFailed);
  };

  function stopHeartbeat() {
    clearInterval(heartbeat);
    clearTimeout(pongTimer);
    heartbeat = pongTimer = undefined;
  }

  function startHeartbeat() {
    stopHeartbeat();
    heartbeat = setInterval(() => {
      transmit({ type: 'ping' });
      if (!pongTimer) pongTimer = setTimeout(() => socket?.reconnect(4000, 'no pong'), SOCKET_LIMITS.pongTimeoutMs);
    }, SOCKET_LIMITS.heartbeatMs);
  }

  function transmit(message: ClientMessage) {
    const raw = JSON.stringify(message);
    if (socket && state === 'CONNECTED') socket.send(raw);
    else outbox.push(raw);
  }

  function remember(eventId: number): boolean {
    if (seen.has(eventId)) return false;
    seen.add(eventId);
    lastEventId = Math.max(lastEventId, eventId);
    if (seen.size > SOCKET_LIMITS.seenTrimAbove) seen = new Set([...seen].sort((a, b) => a - b).slice(-SOCKET_LIMITS.seenKeep));
    return true;
  }

  function deliver(event: ServerEvent): boolean {
    const listeners = handlers.get(event.type);
    if (!listeners || listeners.size === 0) return false;
    for (const listener of [...listeners]) (listener as Handler<EventType>)(event);
    return true;
  }

  function receive(raw: unknown) {
    let event: ServerEvent;
    try {
      const parsed = serverEvent.safeParse(JSON.parse(String(raw)));
      if (!parsed.success) return;
      event = parsed.data as ServerEvent;
    } catch {
      return;
    }
    if (event.type === 'pong') {
      clearTimeout(pongTimer);
      pongTimer = undefined;
      return;
    }
    if (event.event_id > 0 && !remember(event.event_id)) return;
    if (event.type === 'error' && event.data.message === SOCKET_ERRORS.NO_SCENE) noSceneErrors++;
    else if (event.type === 'scene_part_ready' || event.type === 'scene_metadata_ready') noSceneErrors = 0;
    // The temporary id gives way to the story's own, so a reconnect follows the story.
    if (event.type === 'story_id_ready') id = event.data.story_id;
    if (!deliver(event)) {
      const now = Date.now();
      buffer = buffer.filter((b) => now - b.at < SOCKET_LIMITS.bufferExpiryMs);
      buffer.push({ event, at: now });
      if (buffer.length > SOCKET_LIMITS.bufferLimit) buffer.shift();
    }
  }

  function onOpen() {
    opens++;
    connectionFailed = false;
    setState('CONNECTED');
    startHeartbeat();
    for (const raw of outbox.splice(0)) socket!.send(raw);
    // Back after a drop: ask for what was missed, unless the server keeps saying there is nothing.
    if (opens > 1 && id && !id.startsWith('temp-') && noSceneErrors < SOCKET_LIMITS.noSceneBreaker) {
      transmit({ type: 'get_current_scene', ...(lastEventId > 0 ? { after_event_id: lastEventId } : {}) });
    }
  }

  // partysocket decides whether to retry before it tells its listeners, and hands them a copy of the
  // event; the decision on the original is kept here for the listener.
  let finalClose = false;
  let previousRetry = -1;

  function onClose() {
    stopHeartbeat();
    if (closing || !socket) return;
    // partysocket counts an attempt each time it schedules one; a count that no longer moves is spent.
    const retry = socket.retryCount;
    const spent = retry === previousRetry && retry >= SOCKET_LIMITS.maxReconnectAttempts;
    previousRetry = retry;
    if (finalClose || spent) {
      connectionFailed = spent;
      socket.close();
      socket = undefined;
      setState('DISCONNECTED');
    } else {
      setState('CONNECTING');
    }
  }

  function open() {
    closing = false;
    opens = 0;
    previousRetry = -1;
    finalClose = false;
    setState('CONNECTING');
    let attempt = 0;
    socket = new ReconnectingWebSocket(
      async () => {
        // partysocket doubles the delay; the jitter spreads a crowd of readers reconnecting at once.
        if (attempt++ > 0) await new Promise((resolve) => setTimeout(resolve, random() * SOCKET_LIMITS.reconnectJitterMs));
        return options.url(id!);
      },
      [],
      {
        WebSocket: options.WebSocket,
        maxRetries: SOCKET_LIMITS.maxReconnectAttempts,
        minReconnectionDelay: SOCKET_LIMITS.reconnectBaseDelayMs,
        maxReconnectionDelay: SOCKET_LIMITS.reconnectMaxDelayMs,
        reconnectionDelayGrowFactor: 2,
        // Synthetic closes come from errors and time-outs (retry); real ones carry the server's code.
        shouldReconnectOnClose: (event: unknown) => {
          finalClose = isFinalClose(event);
          return !finalClose;
        },
      },
    );
    socket.addEventListener('open', onOpen);
    socket.addEventListener('message', (event) => receive((event as MessageEvent).data));
    socket.addEventListener('close', onClose);
  }

  function closeNow() {
    clearTimeout(disconnectTimer);
    disconnectTimer = undefined;
    closing = true;
    stopHeartbeat();
    socket?.close(1000, 'done');
    socket = undefined;
    setState('DISCONNECTED');
  }

  return {
    get state() {
      return state;
    },
    get connectionFailed() {
      return connectionFailed;
    },
    /** The story (or temporary) id the socket follows. */
    get id() {
      return id;
    },
    /**
     * Follows a story. Asking again for the story already followed keeps (or reclaims, during a delayed
     * disconnect) the same connection.
     */
    connect(storyId: string) {
      if (disconnectTimer && storyId === id) {
        clearTimeout(disconnectTimer);
        disconnectTimer = undefined;
        setState(socket ? 'CONNECTED' : 'CONNECTING');
        if (!socket) open();
        return;
      }
      if (socket && storyId === id) return;
      if (socket) closeNow();
      if (storyId !== id) {
        seen = new Set();
        lastEventId = 0;
        buffer = [];
        noSceneErrors = 0;
      }
      id = storyId;
      connectionFailed = false;
      open();
    },
    /** Closes after a short delay, so a screen that unmounts and mounts again keeps its connection. */
    disconnect() {
      if (!socket || disconnectTimer) return;
      setState('DISCONNECTING');
      disconnectTimer = setTimeout(closeNow, SOCKET_LIMITS.disconnectDelayMs);
    },
    /** Sent now when connected, otherwise queued and sent in order on open. */
    send(message: ClientMessage) {
      transmit(message);
    },
    /** Listens to one event type; events of that type that arrived with nobody listening come first, in part order. */
    on<T extends EventType>(type: T, handler: Handler<T>): () => void {
      const listeners = handlers.get(type) ?? new Set();
      listeners.add(handler as Handler<never>);
      handlers.set(type, listeners);
      const now = Date.now();
      const waiting = buffer.filter((b) => b.event.type === type && now - b.at < SOCKET_LIMITS.bufferExpiryMs);
      buffer = buffer.filter((b) => b.event.type !== type && now - b.at < SOCKET_LIMITS.bufferExpiryMs);
      waiting
        .map((b) => b.event as ServerEvent<T>)
        .sort((a, b) => partOrder(a as ServerEvent) - partOrder(b as ServerEvent) || a.event_id - b.event_id)
        .forEach((event) => handler(event));
      return () => listeners.delete(handler as Handler<never>);
    },
    /** Whether the client still asks for the current scene after a reconnect (SPEC §9 circuit breaker). */
    get sceneRequestsOpen() {
      return noSceneErrors < SOCKET_LIMITS.noSceneBreaker;
    },
    /** How many events it remembers having seen (trimmed as it goes). */
    get seenCount() {
      return seen.size;
    },
  };
}

/** partysocket makes up close events for errors and time-outs (worth retrying); real ones carry the server's code. */
function isFinalClose(event: unknown): boolean {
  return !(event instanceof SyntheticCloseEvent) && FINAL_CLOSE_CODES.has((event as CloseEvent).code);
}

function partOrder(event: ServerEvent): number {
  return event.type === 'scene_part_ready' ? (event as ServerEvent<'scene_part_ready'>).data.part_index : -1;
}

export type StorySocket = ReturnType<typeof createStorySocket>;
