/**
 * The speaker's name on a pill straddling the dialogue panel's top edge, laid out for the stage's size. The
 * name is drawn like the line itself (glyphs into a canvas, see glyph-text.ts), which on a cold start costs
 * a fraction of a Pixi Text's font probing.
 */
import { cssFont, fontReady, NAME_FAMILY, NAME_WEIGHT } from './fonts';
import { GlyphMetrics } from './glyph-metrics';
import type { GlyphDrawing } from './glyph-text';
import { sceneGeometry } from './scene-geometry';
import type { StageContext } from './stage-context';
import { designToCss, snapToDevicePixel } from './stage-fit';
import { layoutText } from './text-layout';

const NAME_COLOR = '#fff6f8';

export interface NamePlateLayout {
  /** The pill, in CSS px. */
  x: number;
  y: number;
  width: number;
  height: number;
  border: number;
  name: GlyphDrawing;
}

/** Whether the name's faces are in (a plate laid out before they were is laid out again when they come). */
export function nameFontReady(context: StageContext, speaker: string): boolean {
  const { fit } = context;
  return fontReady(cssFont(NAME_WEIGHT, sceneGeometry(fit.orientation).plate.fontSize * fit.scale, NAME_FAMILY), speaker);
}

export function namePlateLayout(context: StageContext, speaker: string): NamePlateLayout {
  const { fit, resolution } = context;
  const { plate } = sceneGeometry(fit.orientation);
  const s = fit.scale;
  const fontSize = plate.fontSize * s;
  const font = cssFont(NAME_WEIGHT, fontSize, NAME_FAMILY);
  const metrics = new GlyphMetrics(font, fontSize);
  const tracking = 0.04 * fontSize;
  const layout = layoutText(speaker, {
    maxWidth: Number.POSITIVE_INFINITY,
    lineHeight: fontSize * 1.3,
    rubyHeight: 0,
    measure: (g) => metrics.measure(g) + tracking,
    kerning: metrics.kerning,
  });
  const inkWidth = Math.max(0, layout.width - tracking);
  const anchor = designToCss(fit, { x: plate.x, y: plate.centerY, width: 0, height: 0 });
  const height = plate.height * s;
  const width = Math.max(height * 2.4, inkWidth + 2 * plate.paddingX * s);
  const x = snapToDevicePixel(anchor.x, resolution);
  const y = snapToDevicePixel(anchor.y - height / 2, resolution);
  const origin = {
    x: snapToDevicePixel(x + (width - inkWidth) / 2, resolution),
    y: snapToDevicePixel(y + (height - layout.height) / 2, resolution),
  };
  return {
    x,
    y,
    width,
    height,
    border: Math.max(1, 1.5 * s),
    name: { layout, paint: { font, fontSize, metrics: metrics.metrics, color: NAME_COLOR, shadow: null }, resolution, origin },
  };
}
