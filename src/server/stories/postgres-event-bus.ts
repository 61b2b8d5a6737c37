import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { serverEvent, type ServerEvent } from '../../shared/protocol';
import type { Database } from '../db/client';
import { storyEvents } from '../db/schema';
import { createEventBus, type EventBus } from './event-bus';
import { eventFromRow } from './stored-event';

const CHANNEL = 'story_events';
/** NOTIFY refuses payloads of 8,000 bytes or more: a larger event travels as its id and is read from its row. */
const MAX_PAYLOAD_BYTES = 7_900;
const RECONNECT_MS = 1_000;

/** What travels on the channel: the publishing process, the story, and the event, or a stored event's id. */
const noticeSchema = z.object({ o: z.string(), s: z.uuid(), e: z.number().int().positive().optional(), v: serverEvent.optional() });
type Notice = { o: string; s: string; e?: number; v?: ServerEvent };

/**
 * Story events across processes with PostgreSQL's LISTEN/NOTIFY. A process delivers its own events at once and
 * announces them; every other process that has a reader of that story delivers them in the order announced.
 * An event too large for a notification is announced by id and read from its row (once per process, in one
 * query per batch). A reader whose socket is on any process therefore gets every line live.
 */
export async function createPostgresEventBus(options: { url: string; db: Database; log: FastifyBaseLogger }): Promise<EventBus> {
  const { db, log } = options;
  const origin = randomUUID();
  const local = createEventBus();
  const readers = new Map<string, number>();
  let pending: Notice[] = [];
  let draining = false;
  let closed = false;
  let client = await connect();
  let outgoing: string[] = [];

  /**
   * Sends what this process published since the last turn of the event loop in one statement, on one
   * connection, so notices reach the others in the order published. NOTIFY stays out of the transactions that
   * store events: PostgreSQL serialises committing notifiers, and one that also waits for its WAL to be
   * flushed would hold every other writer behind it (measured: 200 stories at once stalled for a minute).
   */
  function announce() {
    const batch = outgoing;
    outgoing = [];
    const calls = batch.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ');
    client.query(`SELECT ${calls}`, [CHANNEL, ...batch]).catch((err: unknown) => log.error({ err }, 'story events not announced'));
  }

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: options.url });
    next.on('notification', (message) => message.payload && receive(message.payload));
    next.on('error', (err) => {
      if (closed) return;
      // Events announced while the channel is down are still stored; readers catch up when they reconnect.
      log.error({ err }, 'story event channel lost; reconnecting');
      void reconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    return next;
  }

  async function reconnect() {
    while (!closed) {
      try {
        client = await connect();
        return;
      } catch (err) {
        log.warn({ err }, 'story event channel: reconnect failed');
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
      }
    }
  }

  function receive(payload: string) {
    // Anyone who may connect to the database may NOTIFY on the channel: what arrives is checked like any input.
    let notice: Notice;
    try {
      const parsed = noticeSchema.safeParse(JSON.parse(payload));
      if (!parsed.success) return log.warn({ issue: parsed.error.issues[0]?.message }, 'story event channel: notice refused');
      notice = parsed.data as Notice;
    } catch {
      return log.warn('story event channel: notice is not JSON');
    }
    if (notice.o === origin || !readers.has(notice.s)) return;
    pending.push(notice);
    if (!draining) void drain();
  }

  /** Delivers the notices in arrival order; those that come while a batch is read wait for the next batch. */
  async function drain() {
    draining = true;
    try {
      while (pending.length > 0) {
        const batch = pending;
        pending = [];
        const stored = batch.filter((n) => n.e !== undefined);
        const rows = stored.length > 0 ? await readRows(stored) : new Map<string, ServerEvent>();
        for (const notice of batch) {
          const event = notice.v ?? rows.get(`${notice.s}:${notice.e}`);
          if (event) local.publish(notice.s, event);
        }
      }
    } catch (err) {
      log.error({ err }, 'story events could not be read');
    } finally {
      draining = false;
    }
  }

  async function readRows(notices: Notice[]) {
    const found = await db
      .select()
      .from(storyEvents)
      .where(
        sql`(${storyEvents.storyId}, ${storyEvents.eventId}) IN (SELECT * FROM unnest(${`{${notices.map((n) => n.s).join(',')}}`}::uuid[], ${`{${notices.map((n) => n.e).join(',')}}`}::int[]))`,
      );
    return new Map(found.map((row) => [`${row.storyId}:${row.eventId}`, eventFromRow(row)]));
  }

  return {
    publish(storyId, event) {
      local.publish(storyId, event);
      // The event itself travels when it fits (no read on the other side); a larger stored one as its id.
      let payload = JSON.stringify({ o: origin, s: storyId, v: event } satisfies Notice);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        if (event.event_id === 0) return log.warn({ storyId, type: event.type }, 'unstored story event too large to announce');
        payload = JSON.stringify({ o: origin, s: storyId, e: event.event_id } satisfies Notice);
      }
      outgoing.push(payload);
      if (outgoing.length === 1) setImmediate(announce);
    },
    subscribe(storyId, listener) {
      readers.set(storyId, (readers.get(storyId) ?? 0) + 1);
      const off = local.subscribe(storyId, listener);
      return () => {
        off();
        const left = (readers.get(storyId) ?? 1) - 1;
        if (left > 0) readers.set(storyId, left);
        else readers.delete(storyId);
      };
    },
    async close() {
      closed = true;
      await local.close();
      await client.end().catch(() => undefined);
    },
  };
}
