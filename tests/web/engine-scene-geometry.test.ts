import { describe, expect, it } from 'vitest';
import { placeFigure, sceneGeometry } from '../../src/engine/scene-geometry';
import { DESIGN_SIZES } from '../../src/engine/stage-fit';

const inside = (inner: { x: number; y: number; width: number; height: number }, outer: typeof inner) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

describe('the scene composition', () => {
  for (const orientation of ['landscape', 'portrait'] as const) {
    it(`${orientation}: the box is on the stage and the text inside the box`, () => {
      const g = sceneGeometry(orientation);
      const stage = { x: 0, y: 0, ...DESIGN_SIZES[orientation] };
      expect(inside(g.box, stage)).toBe(true);
      expect(inside(g.text, g.box)).toBe(true);
      // Room for three lines of Japanese with furigana.
      expect(g.text.height).toBeGreaterThanOrEqual(3 * g.fontSize * (g.lineHeight + g.rubyRoom) - 1);
    });
  }

  it('gives the phone a taller box', () => {
    const landscape = sceneGeometry('landscape');
    const portrait = sceneGeometry('portrait');
    expect(portrait.box.height / 1280).toBeGreaterThan(landscape.box.height / 720 - 0.1);
    expect(portrait.box.height).toBeGreaterThan(landscape.box.height);
  });

  it('stands a figure on the floor line, centred, at the standing height', () => {
    const { figure } = sceneGeometry('landscape');
    expect(placeFigure({ width: 600, height: 900 }, figure)).toEqual({ x: 640 - 700 / 3, y: 20, width: 1400 / 3, height: 700 });
  });

  it('narrows a very wide figure to the maximum width', () => {
    const { figure } = sceneGeometry('landscape');
    const rect = placeFigure({ width: 2000, height: 1000 }, figure);
    expect(rect.width).toBe(figure.maxWidth);
    expect(rect.y + rect.height).toBe(figure.bottom);
  });

  it('places nothing for an empty image', () => {
    expect(placeFigure({ width: 0, height: 0 }, sceneGeometry('portrait').figure).width).toBe(0);
  });
});
