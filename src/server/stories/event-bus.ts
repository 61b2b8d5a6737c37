import { EventEmitter } from 'node:events';
import type { ServerEvent } from '../../shared/protocol';

/**
 * Story events by story id, within this process. Events are stored before they are published, so a
 * subscriber that missed one can always read it back (get_current_scene with after_event_id).
 */
export function createEventBus() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(storyId: string, event: ServerEvent) {
      emitter.emit(storyId, event);
    },
    subscribe(storyId: string, listener: (event: ServerEvent) => void): () => void {
      emitter.on(storyId, listener);
      return () => emitter.off(storyId, listener);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
