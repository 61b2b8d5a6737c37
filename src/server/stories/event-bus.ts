import { EventEmitter } from 'node:events';
import type { ServerEvent } from '../../shared/protocol';

/**
 * Story events by story id. Events are stored before they are published, so a subscriber that missed one can
 * always read it back (get_current_scene with after_event_id).
 */
export interface EventBus {
  publish(storyId: string, event: ServerEvent): void;
  subscribe(storyId: string, listener: (event: ServerEvent) => void): () => void;
  close(): Promise<void>;
}

/** Within this process: enough for one process (PGlite), and each process's own delivery on PostgreSQL. */
export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(storyId, event) {
      emitter.emit(storyId, event);
    },
    subscribe(storyId, listener) {
      emitter.on(storyId, listener);
      return () => emitter.off(storyId, listener);
    },
    close: async () => void emitter.removeAllListeners(),
  };
}
