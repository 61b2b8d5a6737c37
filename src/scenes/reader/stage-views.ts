import type { LineView } from '../../engine';
import type { BackgroundView } from '../stage/BackgroundLayer';
import type { SpriteView } from '../stage/SpriteLayer';
import { shownLine, shownScene, type SessionView } from '../session';

/** What the background layer shows for the scene on screen, or the one rollback looks back at (SPEC §2 background states). */
export function backgroundView(state: SessionView): BackgroundView {
  const scene = shownScene(state);
  if (!scene) return { state: 'loading' };
  if (!scene.imageUrl && state.backgroundError) {
    return { state: 'missing', location: scene.setting?.location ?? 'this place', time: scene.setting?.time_of_day ?? 'day' };
  }
  if (scene.background === 'loaded' && scene.imageUrl) return { state: 'loaded', url: scene.imageUrl };
  if (scene.background === 'error') return { state: 'error' };
  // The scene's picture is not in yet. The loading placeholder pulses three dots, which read as "wait" over a
  // line that is already there (lines often arrive before the picture). The last picture shown stays
  // instead, and the new one fades in over it once loaded; with no picture yet, a line gets the bare backdrop.
  const shown = state.scenes.findLast((s) => s.background === 'loaded' && s.imageUrl);
  if (shown?.imageUrl) return { state: 'loaded', url: shown.imageUrl };
  return shownLine(state) ? { state: 'waiting' } : { state: 'loading' };
}

export function spriteUrl(characterId: string, emotion: string, generationId: string | null): string {
  const gen = generationId ? `?gen=${encodeURIComponent(generationId)}` : '';
  return `/api/characters/${characterId}/sprite/${emotion}${gen}`;
}

/** The speaking character in the line's emotion, falling back to their neutral sprite; none for the narrator. */
export function spriteView(state: SessionView): SpriteView | null {
  const line = shownLine(state);
  if (!line?.character_id) return null;
  const generation = shownScene(state)?.generationId ?? state.generationId;
  return {
    key: line.character_id,
    url: spriteUrl(line.character_id, line.emotion, generation),
    fallbackUrl: spriteUrl(line.character_id, 'neutral', generation),
  };
}

/** The line the text layer draws; a streamed first line skips the typewriter (SPEC §4). */
export function lineView(state: SessionView): LineView | null {
  const line = shownLine(state);
  if (!line || !state.language) return null;
  return {
    id: `${line.sceneId}:${line.index}`,
    speaker: line.speaker || null,
    text: line.text,
    language: state.language,
    rubyRoom: state.language === 'ja',
    // A line looked back at (rollback), or the present line come back to after it, was read already: shown whole.
    instant: !!state.rollback || state.lineRevealed || (line.fromStreaming && line.index === 0),
  };
}
