/**
 * The composition of the reader's scene in design units, one per orientation: where the dialogue box, its
 * text area and name plate go, the type sizes, and where a character stands. Landscape is the classic visual
 * novel frame (figure centred, box over the lower third); portrait stacks a taller box under the figure.
 * Pure data and arithmetic, unit-tested.
 */
import type { Size, StageOrientation } from './stage-fit';
import type { Rect } from './text-layout';

export interface SceneGeometry {
  /** The dialogue panel. */
  box: Rect;
  boxRadius: number;
  /** Where the dialogue text is laid out (inside the panel's padding). */
  text: Rect;
  fontSize: number;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
  /** Room for furigana above each line, as a multiple of the font size, when a line asks for it. */
  rubyRoom: number;
  /** The name plate's left edge and vertical centre (it straddles the panel's top edge). */
  plate: { x: number; centerY: number; height: number; fontSize: number; paddingX: number };
  /** Where a character stands: horizontal centre, the line its image's bottom edge sits on, its height. */
  figure: { centerX: number; bottom: number; height: number; maxWidth: number };
}

const LANDSCAPE: SceneGeometry = (() => {
  const fontSize = 28;
  const box = { x: 56, y: 470, width: 1168, height: 226 };
  return {
    box,
    boxRadius: 22,
    text: { x: box.x + 52, y: box.y + 36, width: box.width - 104, height: box.height - 58 },
    fontSize,
    lineHeight: 1.5,
    rubyRoom: 0.5,
    plate: { x: box.x + 34, centerY: box.y, height: 46, fontSize: 24, paddingX: 26 },
    // Sprites are busts cut off at the bottom: standing on the frame's bottom edge hides the cut.
    figure: { centerX: 640, bottom: 720, height: 700, maxWidth: 900 },
  };
})();

const PORTRAIT: SceneGeometry = (() => {
  const fontSize = 32;
  const box = { x: 20, y: 904, width: 680, height: 348 };
  return {
    box,
    boxRadius: 26,
    text: { x: box.x + 40, y: box.y + 46, width: box.width - 80, height: box.height - 74 },
    fontSize,
    lineHeight: 1.5,
    rubyRoom: 0.5,
    plate: { x: box.x + 28, centerY: box.y, height: 54, fontSize: 29, paddingX: 28 },
    figure: { centerX: 360, bottom: 1280, height: 1100, maxWidth: 760 },
  };
})();

export function sceneGeometry(orientation: StageOrientation): SceneGeometry {
  return orientation === 'portrait' ? PORTRAIT : LANDSCAPE;
}

/**
 * A figure image's size and top-left in design units: scaled to the standing height (narrower if a very wide
 * image would exceed maxWidth), centred, bottom edge on the floor line.
 */
export function placeFigure(image: Size, figure: SceneGeometry['figure']): Rect {
  if (image.width <= 0 || image.height <= 0) return { x: figure.centerX, y: figure.bottom, width: 0, height: 0 };
  const scale = Math.min(figure.height / image.height, figure.maxWidth / image.width);
  const width = image.width * scale;
  const height = image.height * scale;
  return { x: figure.centerX - width / 2, y: figure.bottom - height, width, height };
}
