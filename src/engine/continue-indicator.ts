/**
 * The continue mark after a finished line (SPEC §4): ▼ on the scene's last line, ► otherwise. Drawn as a
 * shape rather than a font glyph so it looks the same whichever fonts have arrived. A Pixi class whose
 * `kind` and `size` redraw it, so a React tree declares it; the blink is the tree's to run.
 */
import { Container, Graphics, type ContainerOptions } from 'pixi.js';

export type ContinueKind = 'last' | 'more';

const COLOR = 0xf7c6d6;

export interface ContinueMarkOptions extends ContainerOptions {
  kind?: ContinueKind | null;
  /** The size of the line's font; the mark is a little under half of it. */
  fontSize?: number;
}

export class ContinueMark extends Container {
  private readonly shapeView = new Graphics();
  private shape: ContinueKind | null = null;
  private fontPx = 0;

  constructor({ kind, fontSize, ...options }: ContinueMarkOptions = {}) {
    super({ label: 'continue-indicator', ...options });
    this.addChild(this.shapeView);
    this.fontPx = fontSize ?? 0;
    this.kind = kind ?? null;
  }

  get kind(): ContinueKind | null {
    return this.shape;
  }

  set kind(kind: ContinueKind | null) {
    this.shape = kind;
    this.redraw();
  }

  get fontSize(): number {
    return this.fontPx;
  }

  set fontSize(fontSize: number) {
    this.fontPx = fontSize;
    this.redraw();
  }

  private redraw(): void {
    const size = Math.round(this.fontPx * 0.44 * 4) / 4;
    const g = this.shapeView.clear();
    if (this.shape === 'last') g.poly([0, -size * 0.4, size, -size * 0.4, size / 2, size * 0.45]).fill({ color: COLOR });
    if (this.shape === 'more') g.poly([0, -size * 0.5, size * 0.86, 0, 0, size * 0.5]).fill({ color: COLOR });
    this.visible = this.shape !== null;
  }
}
