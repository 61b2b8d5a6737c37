/**
 * The continue mark after a finished line (SPEC §4): ▼ on the scene's last line, ► otherwise. Drawn as a
 * shape rather than a font glyph so it looks the same whichever fonts have arrived, and blinking softly
 * (steady when the reader asked for reduced motion).
 */
import { Graphics } from 'pixi.js';
import { blinkAlpha } from './motion';

export type ContinueKind = 'last' | 'more';

const COLOR = 0xf7c6d6;

export class ContinueIndicator {
  readonly view = new Graphics({ label: 'continue-indicator', visible: false });
  private kind: ContinueKind | null = null;
  private size = 0;
  private elapsed = 0;

  /** Shows `kind` (or hides it) with its left edge at x and its centre at y, sized for `fontSize`. */
  place(kind: ContinueKind | null, x: number, centerY: number, fontSize: number): void {
    const size = Math.round(fontSize * 0.44 * 4) / 4;
    if (kind !== this.kind || size !== this.size) {
      if (kind && !this.kind) this.elapsed = 0; // each appearance starts fully visible
      this.kind = kind;
      this.size = size;
      this.view.clear();
      if (kind === 'last') this.view.poly([0, -size * 0.4, size, -size * 0.4, size / 2, size * 0.45]).fill({ color: COLOR });
      if (kind === 'more') this.view.poly([0, -size * 0.5, size * 0.86, 0, 0, size * 0.5]).fill({ color: COLOR });
    }
    this.view.visible = kind !== null;
    this.view.position.set(x, centerY);
  }

  /** Advances the blink; returns whether the picture changed. */
  tick(elapsedMs: number, reducedMotion: boolean): boolean {
    if (!this.view.visible) return false;
    this.elapsed += elapsedMs;
    const alpha = reducedMotion ? 1 : blinkAlpha(this.elapsed);
    if (alpha === this.view.alpha) return false;
    this.view.alpha = alpha;
    return true;
  }

  destroy(): void {
    this.view.destroy();
  }
}
