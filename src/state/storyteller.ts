import { proxy } from 'valtio';
import { api } from '../net/api';
import type { StorytellerInfo } from '../shared/story-views';

/**
 * Which storyteller this server has, so pages promise only what is true: newly written scenes with a
 * model, the built-in library without one. Null until the server has said (or when it could not).
 */
export const storytellerStore = proxy<{ info: StorytellerInfo | null; status: 'idle' | 'loading' | 'loaded' | 'failed' }>({
  info: null,
  status: 'idle',
});

export function loadStoryteller(): void {
  if (storytellerStore.status === 'loading' || storytellerStore.status === 'loaded') return;
  storytellerStore.status = 'loading';
  api.storyteller().then(
    (info) => {
      storytellerStore.info = info;
      storytellerStore.status = 'loaded';
    },
    () => {
      storytellerStore.status = 'failed';
    },
  );
}
