import { sql } from 'drizzle-orm';
import type { DialogueEntry, EventDataOf, EventType, ServerEvent } from '../../shared/protocol';
import type { Database } from '../db/client';
import { scenes, stories, storyEvents } from '../db/schema';
import type { EventBus } from './event-bus';

/** The scene's writer no longer holds its lease: another process has taken the scene over. */
export class LeaseLostError extends Error {
  constructor(sceneId: string) {
    super(`scene ${sceneId} was taken over by another writer`);
  }
}

export interface EventIds {
  sceneId?: string;
  generationId?: string;
}

/**
 * Writes one story's events: numbers them, stores them, then publishes them. The number comes from the story's
 * own counter in the same statement as the insert, so two writers can never take the same id. A scene's writer
 * passes its lease (`fence`): its events are stored only while it holds the scene, so a writer that was
 * replaced can never add a line twice.
 */
export function createEventWriter(db: Database, bus: EventBus, storyId: string, fence?: { sceneId: string; writer: string }) {
  const held = fence
    ? sql`AND EXISTS (SELECT 1 FROM ${scenes} WHERE ${scenes.id} = ${fence.sceneId}::uuid AND ${scenes.writer} = ${fence.writer})`
    : sql``;

  async function store<T extends EventType>(type: T, data: EventDataOf<T>, ids: EventIds, entry?: DialogueEntry): Promise<ServerEvent<T>> {
    // A line joins the scene's dialogue in the same statement as its event: both are stored, or neither.
    const line = entry
      ? sql`line AS (
          UPDATE ${scenes} SET dialogue = ${scenes.dialogue} || ${JSON.stringify([entry])}::jsonb
          WHERE ${scenes.id} = ${ids.sceneId}::uuid AND jsonb_array_length(${scenes.dialogue}) = ${entry.index} ${fence ? sql`AND ${scenes.writer} = ${fence.writer}` : sql``}
          RETURNING ${scenes.id}
        ),`
      : sql``;
    const result = await db.execute<{ event_id: number }>(sql`
      WITH ${line} next AS (
        UPDATE ${stories} SET ${sql.identifier(stories.lastEventId.name)} = ${stories.lastEventId} + 1
        WHERE ${stories.id} = ${storyId}::uuid ${held} ${entry ? sql`AND EXISTS (SELECT 1 FROM line)` : sql``}
        RETURNING ${stories.lastEventId} AS id
      )
      INSERT INTO ${storyEvents} (story_id, event_id, type, scene_id, generation_id, data)
      SELECT ${storyId}::uuid, next.id, ${type}::text, ${ids.sceneId ?? null}::uuid, ${ids.generationId ?? null}::text, ${JSON.stringify(data)}::jsonb FROM next
      RETURNING event_id`);
    const eventId = Number((result as unknown as { rows: { event_id: number }[] }).rows[0]?.event_id);
    if (!eventId) {
      if (fence) throw new LeaseLostError(fence.sceneId);
      throw new Error(`story ${storyId} has no row to number its events`);
    }
    const event = {
      type,
      event_id: eventId,
      story_id: storyId,
      ...(ids.sceneId ? { scene_id: ids.sceneId } : {}),
      ...(ids.generationId ? { generation_id: ids.generationId } : {}),
      data,
    } as ServerEvent<T>;
    bus.publish(storyId, event as ServerEvent);
    return event;
  }

  return {
    emit: <T extends EventType>(type: T, data: EventDataOf<T>, ids: EventIds = {}) => store(type, data, ids),
    /** A dialogue line: appended to the scene at its index and announced, exactly once. */
    line: (entry: DialogueEntry, ids: EventIds & { sceneId: string }) =>
      store('scene_part_ready', { part_index: entry.index, part: 'dialogue', dialogue_entries: [entry] }, ids, entry),
  };
}
