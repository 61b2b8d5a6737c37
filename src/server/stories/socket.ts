import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { isUuidV4 } from '../../shared/art';
import { CHOICE_ERRORS, clientMessage, MAX_CLIENT_MESSAGE_BYTES, SOCKET_ERRORS, type ServerEvent } from '../../shared/protocol';
import { unsafeTextMessage, unsafeTextPath } from '../../shared/safe-text';
import type { Accounts } from '../accounts/service';
import type { EventBus } from './event-bus';
import type { Stories } from './service';

export interface StorySocketOptions {
  accounts: Accounts;
  stories: Stories;
  bus: EventBus;
  /** How often the server pings; a socket that has not answered the previous ping is dropped. */
  pingIntervalMs: number;
  /** Open sockets one learner may hold on this process. */
  maxSocketsPerLearner: number;
}

/** Closed by the server: the token is missing or dead, the story is someone else's, or too many are open. */
const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_NOT_FOUND = 4404;
const CLOSE_TOO_MANY = 4429;

/** The server is going away (shutdown): clients reconnect, to another process behind the balancer. */
const CLOSE_GOING_AWAY = 1001;

/** @fastify/websocket's preClose: every socket is told the server is going away, then the upgrade stops. */
export function closeSocketsGoingAway(this: FastifyInstance, done: () => void) {
  for (const client of this.websocketServer.clients) client.close(CLOSE_GOING_AWAY, 'Server restarting');
  this.websocketServer.close(() => undefined);
  done();
}

/**
 * `/ws/story/{storyIdOrTempId}?token=…`. A socket opened on a temporary id may create one story and
 * then follows it; a socket opened on a story id follows that story. Bad messages get an `error`
 * event and the connection stays open. Needs @fastify/websocket registered on the app.
 */
export const storySocket: FastifyPluginAsync<StorySocketOptions> = async (app, { accounts, stories, bus, pingIntervalMs, maxSocketsPerLearner }) => {
  const openByLearner = new Map<string, number>();
  const countOpen = (userId: string, change: 1 | -1) => {
    const count = (openByLearner.get(userId) ?? 0) + change;
    if (count > 0) openByLearner.set(userId, count);
    else openByLearner.delete(userId);
    return count;
  };

  app.get<{ Params: { id: string }; Querystring: { token?: string } }>('/ws/story/:id', { websocket: true }, (socket, request) => {
    const send = (event: ServerEvent) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    };
    const error = (code: string, message: string) => send({ type: 'error', event_id: 0, data: { code, message } });

    let userId: string | undefined;
    let sessionId: string | undefined;
    let storyId: string | undefined;
    /** When the learner last advanced on this socket: the time to a new line is its reading time. */
    let lastAdvanceAt = Date.now();
    let unsubscribe: (() => void) | undefined;
    const pending: string[] = [];
    let queue = Promise.resolve();
    let closed = false;

    // A reader reconnecting to a story asks for what it missed (`get_current_scene` after its last event) as
    // it opens; lines published meanwhile wait until that answer is sent, so they never arrive before the
    // lines they follow (the client drops the ones it has seen twice).
    let held: ServerEvent[] | null = null;
    const follow = (id: string, holdUntilAnswered = false) => {
      storyId = id;
      unsubscribe?.();
      held = holdUntilAnswered ? [] : null;
      unsubscribe = bus.subscribe(id, (event) => (held ? held.push(event) : send(event)));
    };
    const releaseHeld = () => {
      const waiting = held ?? [];
      held = null;
      for (const event of waiting) send(event);
    };
    const signedOut = () => {
      error('UNAUTHORIZED', SOCKET_ERRORS.UNAUTHORIZED);
      socket.close(CLOSE_UNAUTHORIZED, 'Authentication required');
    };

    // The server's own heartbeat: a peer that vanished without closing is dropped, and a session revoked
    // elsewhere (logout, password reset) ends here too even while the reader sends nothing.
    let answered = true;
    socket.on('pong', () => (answered = true));
    const heartbeat = setInterval(() => {
      if (!answered) return socket.terminate();
      answered = false;
      if (socket.readyState === socket.OPEN) socket.ping();
      if (sessionId) {
        void accounts.sessionAlive(sessionId).then(
          (alive) => alive || signedOut(),
          () => undefined,
        );
      }
    }, pingIntervalMs);
    socket.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe?.();
      if (userId) countOpen(userId, -1);
    });

    // Messages are handled one at a time, in order, even while the socket is still authenticating.
    const handle = (raw: string) => {
      queue = queue.then(() => onMessage(raw)).catch((err: unknown) => {
        request.log.error({ err }, 'story socket message failed');
        error('INTERNAL', 'Something went wrong. Please try again.');
      });
    };
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return error('BAD_REQUEST', 'Messages must be JSON text.');
      if (data.byteLength > MAX_CLIENT_MESSAGE_BYTES) return error('BAD_REQUEST', `Message too large (limit ${MAX_CLIENT_MESSAGE_BYTES / 1024} kB).`);
      if (userId === undefined) pending.push(data.toString('utf8'));
      else handle(data.toString('utf8'));
    });

    async function onMessage(raw: string) {
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return error('BAD_REQUEST', 'Messages must be JSON.');
      }
      const unsafe = unsafeTextPath(json);
      if (unsafe) return error('BAD_REQUEST', unsafeTextMessage(unsafe));
      const parsed = clientMessage.safeParse(json);
      if (!parsed.success) return error('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid message.');
      const message = parsed.data;
      // The server's heartbeat already re-checks the session, so a keep-alive ping costs no query.
      if (message.type === 'ping') return send({ type: 'pong', event_id: 0, data: {} });
      // A socket outlives the session it was opened with: every request asks whether it still stands.
      if (!(await accounts.sessionAlive(sessionId!))) return signedOut();

      if (message.type === 'create_story') {
        if (storyId) return error('BAD_REQUEST', SOCKET_ERRORS.IN_PROGRESS);
        const created = await stories.create(userId!, message, message.generation_id);
        if ('refused' in created) return error(created.refused, SOCKET_ERRORS[created.refused]);
        follow(created.storyId);
        return;
      }
      if (!storyId) return error('NO_SCENE', SOCKET_ERRORS.NO_SCENE);
      if (message.type === 'read_to') {
        const now = Date.now();
        const spentMs = now - lastAdvanceAt;
        lastAdvanceAt = now;
        if (!(await stories.readTo(userId!, storyId, message.scene_id.toLowerCase(), message.line_index, spentMs))) {
          error('BAD_REQUEST', SOCKET_ERRORS.NOT_THIS_STORY);
        }
        return;
      }
      if (message.type === 'choice') {
        const refused = await stories.choose(userId!, storyId, message.choice_id, message.generation_id);
        if (refused) error(refused === 'BAD_CHOICE' || refused === 'ENDED' ? 'BAD_REQUEST' : refused, CHOICE_ERRORS[refused]);
        return;
      }
      const events = await stories.replay(userId!, storyId, message.after_event_id);
      if (events === 'NOT_FOUND' || events === 'NO_SCENE') return error(events, SOCKET_ERRORS[events]);
      for (const event of events) send(event);
    }

    void (async () => {
      const found = request.query.token ? await accounts.authenticate(request.query.token) : undefined;
      if (!found) {
        error('UNAUTHORIZED', SOCKET_ERRORS.UNAUTHORIZED);
        return socket.close(CLOSE_UNAUTHORIZED, 'Authentication required');
      }
      const id = request.params.id.toLowerCase();
      const story = isUuidV4(id) ? await stories.find(id) : undefined;
      if (story && story.userId !== found.user.id) {
        // Someone else's story: the same answer as for a story that does not exist.
        error('NOT_FOUND', SOCKET_ERRORS.NOT_FOUND);
        return socket.close(CLOSE_NOT_FOUND, 'Story not found');
      }
      if (closed) return;
      if (countOpen(found.user.id, 1) > maxSocketsPerLearner) {
        countOpen(found.user.id, -1);
        error('TOO_MANY_CONNECTIONS', SOCKET_ERRORS.TOO_MANY_CONNECTIONS);
        return socket.close(CLOSE_TOO_MANY, 'Too many connections');
      }
      if (story) follow(story.id, true);
      userId = found.user.id;
      sessionId = found.sessionId;
      send({ type: 'connected', event_id: 0, data: { connection_id: randomUUID() } });
      for (const raw of pending.splice(0)) handle(raw);
      queue = queue.then(releaseHeld);
    })().catch((err: unknown) => {
      request.log.error({ err }, 'story socket failed to open');
      socket.close(1011, 'Server error');
    });
  });
};
