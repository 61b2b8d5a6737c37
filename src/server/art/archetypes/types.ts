import type { SceneContext } from '../scene-kit';

/** A kind of place stories happen in, drawn procedurally in a 1280×720 frame. */
export interface Archetype {
  id: string;
  indoor: boolean;
  /** Lower-case English words and Japanese words that name this place in free text. */
  keywords: { en: string[]; ja: string[] };
  /** SVG elements (no <svg> wrapper) covering the whole 1280×720 frame. */
  draw(ctx: SceneContext): string;
}
