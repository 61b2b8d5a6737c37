import type { ServerEvent } from '../../shared/protocol';
import type { storyEvents } from '../db/schema';

/** A stored story event as the socket sends it. */
export function eventFromRow(row: typeof storyEvents.$inferSelect): ServerEvent {
  return {
    type: row.type,
    event_id: row.eventId,
    story_id: row.storyId,
    ...(row.sceneId ? { scene_id: row.sceneId } : {}),
    ...(row.generationId ? { generation_id: row.generationId } : {}),
    data: row.data,
  } as ServerEvent;
}
