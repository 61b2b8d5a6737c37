import { proxy } from 'valtio';
import { createStorySocket, type SocketState } from '../net/story-socket';
import { eventData, type EventType, type ServerEvent } from '../shared/protocol';
import { auth } from '../state/auth';
import { createStorySession } from './session';
import { createStoryPath } from './story-path';

/** How the story socket is doing, for the reader's connection banner. */
export const connection = proxy({ state: 'IDLE' as SocketState, connectionFailed: false });

function socketUrl(id: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const token = auth.token ? `?token=${encodeURIComponent(auth.token)}` : '';
  return `${scheme}://${location.host}/ws/story/${encodeURIComponent(id)}${token}`;
}

/** The one story socket of the app: creation on /home hands it, still open, to the reader. */
export const storySocket = createStorySocket({
  url: socketUrl,
  onState: (state, connectionFailed) => {
    connection.state = state;
    connection.connectionFailed = connectionFailed;
  },
});

/** The story being read, fed by the socket. */
export const session = createStorySession({
  socket: {
    send: (message) => storySocket.send(message),
    get state() {
      return storySocket.state;
    },
    reconnect: () => {
      const id = session.state.storyId ?? storySocket.id;
      if (id) storySocket.connect(id);
    },
  },
});

const errorListeners = new Set<(event: ServerEvent<'error'>) => void>();

/** Listens to the socket's `error` events (refusals, bad requests) from now on. */
export function onSocketError(listener: (event: ServerEvent<'error'>) => void): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

// Every story event goes to the session. Errors go to whoever is listening now: an old refusal kept in
// the socket's buffer must not fail a later request.
for (const type of Object.keys(eventData) as EventType[]) {
  if (type === 'connected' || type === 'pong') continue;
  if (type === 'error') storySocket.on('error', (event) => errorListeners.forEach((listener) => listener(event)));
  else storySocket.on(type, (event) => session.receive(event as ServerEvent));
}

/** The path read through the story's tree of scenes, kept in the session. */
export const storyPath = createStoryPath(session);
