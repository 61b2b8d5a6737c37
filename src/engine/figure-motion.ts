/**
 * How a character's figure moves: rising gently into place, leaving (fading and sinking), or cross-fading
 * with the same character's other expression. Pure: the sprite layer asks where and how opaque the figure is
 * at each frame.
 */
import { clamp01, easeInOutSine, easeOutCubic, Transition, TRANSITION_MS } from './motion';
import { placeFigure, sceneGeometry } from './scene-geometry';
import type { StageContext } from './stage-context';
import type { Size } from './stage-fit';

/** Arriving, leaving, or being replaced by the same character's other expression. */
export type Motion = 'enter' | 'exit' | 'swap-in' | 'swap-out' | 'still';

/** Design units a new character rises from (and a leaving one sinks by). */
const RISE = 18;
const SINK = 10;

export interface FigurePlace {
  x: number;
  y: number;
  width: number;
  height: number;
  alpha: number;
}

export class FigureMotion {
  private transition = new Transition(TRANSITION_MS, (t) => t);
  /** Opacity when the current motion began (a figure can be sent away halfway through arriving). */
  private fromAlpha = 0;

  private current: Motion;

  constructor(arrival: 'enter' | 'swap-in') {
    this.current = arrival;
  }

  get motion(): Motion {
    return this.current;
  }

  get leaving(): boolean {
    return this.current === 'exit' || this.current === 'swap-out';
  }

  get moving(): boolean {
    return this.current !== 'still';
  }

  /** Gone from sight: a leaving motion that has run. */
  get gone(): boolean {
    return this.leaving && this.transition.done;
  }

  /** Starts leaving from where it is: under its successor (`swap`) or out of the scene. */
  leave(swap: boolean, picture: Size, context: StageContext): void {
    if (this.leaving) return;
    this.fromAlpha = this.place(picture, context).alpha;
    this.current = swap ? 'swap-out' : 'exit';
    this.transition = new Transition(TRANSITION_MS, (t) => t);
  }

  advance(elapsedMs: number): void {
    if (!this.moving) return;
    this.transition.advance(elapsedMs);
    if (this.transition.done && !this.leaving) this.current = 'still';
  }

  /** Size, position and opacity for the motion at its current progress. */
  place(picture: Size, context: StageContext): FigurePlace {
    const rect = placeFigure(picture, sceneGeometry(context.fit.orientation).figure);
    const t = this.transition.linear;
    const still = context.reducedMotion;
    let alpha = 1;
    let offset = 0;
    switch (this.current) {
      case 'enter':
        alpha = easeInOutSine(t);
        offset = still ? 0 : RISE * (1 - easeOutCubic(t));
        break;
      case 'swap-in':
        alpha = easeInOutSine(t);
        break;
      case 'swap-out':
        // Holds until the new expression mostly covers it, then goes: no see-through moment.
        alpha = this.fromAlpha * (1 - easeInOutSine(clamp01((t - 0.4) / 0.6)));
        break;
      case 'exit':
        alpha = this.fromAlpha * (1 - easeInOutSine(t));
        offset = still ? 0 : SINK * easeInOutSine(t);
        break;
      case 'still':
        break;
    }
    return { x: rect.x, y: rect.y + offset, width: rect.width, height: rect.height, alpha };
  }
}
