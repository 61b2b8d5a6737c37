/**
 * A laid-out run of text drawn as glyphs. Every grapheme is painted into one 2D canvas at exactly the position
 * the layout gave it (the DOM overlay puts furigana and hit areas on those same boxes, so "roughly" is not
 * good enough), at the device's pixel density, and shown through one sprite per text line. The typewriter
 * then only narrows each line sprite's texture frame: no redraw and no texture upload per character.
 *
 * A Pixi class with two properties, so a React tree declares it (`<pixiGlyphText drawing revealedTo />`):
 * a new `drawing` paints again, a new `revealedTo` only moves the frames.
 */
import { CanvasSource, Container, Rectangle, Sprite, Texture, type ContainerOptions, type DestroyOptions } from 'pixi.js';
import type { FontMetrics } from './glyph-metrics';
import type { TextLayout } from './text-layout';

export interface TextPaint {
  font: string;
  fontSize: number;
  metrics: FontMetrics;
  color: string;
  /** A soft shadow under the glyphs keeps them readable over a bright picture seen through the panel. */
  shadow: string | null;
}

/** What to paint: the layout's (0, 0) goes at `origin` (CSS px, already on a device pixel). */
export interface GlyphDrawing {
  layout: TextLayout;
  paint: TextPaint;
  resolution: number;
  origin: { x: number; y: number };
}

/** Where, inside a glyph box of height `lineHeight`, the baseline goes: centred the way CSS centres a line box. */
export function baselineIn(lineHeight: number, metrics: FontMetrics): number {
  return (lineHeight - (metrics.ascent + metrics.descent)) / 2 + metrics.ascent;
}

interface LineStrip {
  sprite: Sprite;
  texture: Texture;
  /** Glyph indexes (into the layout) of this text line, end exclusive. */
  first: number;
  last: number;
}

export interface GlyphTextOptions extends ContainerOptions {
  drawing?: GlyphDrawing | null;
  /** UTF-16 offset up to which graphemes show (those whose end is within it); everything by default. */
  revealedTo?: number;
}

export class GlyphText extends Container {
  private source: CanvasSource | null = null;
  private strips: LineStrip[] = [];
  private current: GlyphDrawing | null = null;
  private shownTo = Number.POSITIVE_INFINITY;
  /** CSS px of transparent margin around the glyphs, for ink that overhangs its box and the shadow. */
  private pad = 0;

  constructor({ drawing, revealedTo, ...options }: GlyphTextOptions = {}) {
    super({ label: 'glyph-text', ...options });
    if (revealedTo !== undefined) this.shownTo = revealedTo;
    this.drawing = drawing ?? null;
  }

  get drawing(): GlyphDrawing | null {
    return this.current;
  }

  set drawing(drawing: GlyphDrawing | null) {
    if (drawing === this.current) return;
    this.clear();
    this.current = drawing;
    if (drawing) this.paint(drawing);
    this.reveal();
  }

  get revealedTo(): number {
    return this.shownTo;
  }

  set revealedTo(revealed: number) {
    this.shownTo = revealed;
    this.reveal();
  }

  private paint({ layout, paint, resolution, origin }: GlyphDrawing): void {
    const ratio = resolution > 0 ? resolution : 1;
    // A whole number of device pixels, so the sprites land on the pixel grid like the origin does.
    const pad = Math.ceil(paint.fontSize * 0.5 * ratio) / ratio;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.ceil((layout.width + 2 * pad) * ratio));
    canvas.height = Math.max(1, Math.ceil((layout.height + 2 * pad) * ratio));
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.font = paint.font;
      ctx.fontKerning = 'none'; // positions already carry the kerning; each grapheme is drawn on its own
      ctx.textBaseline = 'alphabetic';
      ctx.fillStyle = paint.color;
      if (paint.shadow) {
        // Shadow offsets and blur are in device pixels, untouched by the transform.
        ctx.shadowColor = paint.shadow;
        ctx.shadowBlur = Math.max(1, paint.fontSize * 0.12) * ratio;
        ctx.shadowOffsetY = Math.max(0.5, paint.fontSize * 0.04) * ratio;
      }
      for (const line of layout.lines) {
        for (let i = line.first; i < line.last; i++) {
          const glyph = layout.glyphs[i]!;
          if (/^\s+$/u.test(glyph.text)) continue;
          ctx.fillText(glyph.text, pad + glyph.x, pad + glyph.y + baselineIn(glyph.height, paint.metrics));
        }
      }
    }
    const source = new CanvasSource({ resource: canvas, resolution: ratio, antialias: false, scaleMode: 'linear' });
    this.source = source;
    this.pad = pad;

    // Each text line owns a horizontal band of the canvas (its ruby room included); bands tile the canvas so
    // ink that strays a little above or below its line is still shown with it.
    const snap = (v: number) => Math.round(v * ratio) / ratio;
    const pitch = layout.lines.length > 0 ? layout.height / layout.lines.length : 0;
    layout.lines.forEach((line, index) => {
      const top = index === 0 ? 0 : snap(pad + index * pitch);
      const bottom = index === layout.lines.length - 1 ? source.height : snap(pad + (index + 1) * pitch);
      const texture = new Texture({ source, frame: new Rectangle(0, top, 0, bottom - top), dynamic: true });
      const sprite = new Sprite({ texture, visible: false });
      sprite.position.set(origin.x - pad, origin.y - pad + top);
      this.addChild(sprite);
      this.strips.push({ sprite, texture, first: line.first, last: line.last });
    });
  }

  /** Shows each line's sprite up to the last grapheme revealed. */
  private reveal(): void {
    const drawing = this.current;
    const source = this.source;
    if (!drawing || !source) return;
    const { layout, resolution } = drawing;
    const ratio = resolution > 0 ? resolution : 1;
    const snapUp = (v: number) => Math.ceil(v * ratio - 1e-6) / ratio;
    for (const strip of this.strips) {
      let shown = strip.first;
      while (shown < strip.last && layout.glyphs[shown]!.end <= this.shownTo) shown++;
      let width = 0;
      if (shown === strip.last && shown > strip.first) width = source.width;
      else if (shown > strip.first) {
        const glyph = layout.glyphs[shown - 1]!;
        width = Math.min(source.width, snapUp(this.pad + glyph.x + glyph.width));
      }
      strip.sprite.visible = width > 0;
      if (width > 0 && strip.texture.frame.width !== width) {
        strip.texture.frame.width = width;
        strip.texture.update();
      }
    }
  }

  private clear(): void {
    for (const strip of this.strips) {
      strip.sprite.destroy();
      strip.texture.destroy(false);
    }
    this.strips = [];
    this.source?.destroy();
    this.source = null;
  }

  override destroy(options?: DestroyOptions): void {
    this.clear();
    this.current = null;
    super.destroy(options);
  }
}
