import { describe, expect, it } from 'vitest';
import { placePopup } from '../../src/scenes/popups/popup-position';

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const grammar = { width: 350, maxHeight: 400 };

describe('placePopup', () => {
  it('puts the popup below the anchor, centred on it, when it fits', () => {
    const anchor = { x: 500, y: 100, width: 60, height: 24 };
    expect(placePopup(anchor, grammar, desktop)).toEqual({ left: 355, top: 132, width: 350 });
  });

  it('puts it above the anchor when there is no room below', () => {
    const anchor = { x: 500, y: 600, width: 60, height: 24 };
    // 600 - 8 - 400
    expect(placePopup(anchor, grammar, desktop)).toEqual({ left: 355, top: 192, width: 350 });
  });

  it('uses a custom margin', () => {
    const anchor = { x: 500, y: 100, width: 60, height: 24 };
    expect(placePopup(anchor, grammar, desktop, 20).top).toBe(144);
  });

  it('clamps horizontally at both edges', () => {
    expect(placePopup({ x: 2, y: 100, width: 20, height: 20 }, grammar, desktop).left).toBe(8);
    expect(placePopup({ x: 1270, y: 100, width: 10, height: 20 }, grammar, desktop).left).toBe(1280 - 8 - 350);
  });

  it('stays on screen vertically when it fits neither below nor above', () => {
    const short = { width: 1280, height: 500 };
    // Anchor near the top: more room below, so it goes below and is pushed up to stay inside.
    const high = placePopup({ x: 400, y: 150, width: 40, height: 20 }, grammar, short);
    expect(high.top).toBe(500 - 8 - 400);
    // Anchor near the bottom: more room above, clamped to the top margin.
    const low = placePopup({ x: 400, y: 300, width: 40, height: 20 }, grammar, short);
    expect(low.top).toBe(8);
  });

  it('pins to the top margin when the popup is taller than the viewport', () => {
    const tiny = { width: 800, height: 300 };
    const placement = placePopup({ x: 100, y: 250, width: 40, height: 20 }, grammar, tiny);
    expect(placement.top).toBe(8);
  });

  it('fits a 390 px phone by clamping, and shrinks on a narrower one', () => {
    const anchor = { x: 300, y: 200, width: 50, height: 22 };
    expect(placePopup(anchor, grammar, phone)).toEqual({ left: 32, top: 230, width: 350 });
    expect(placePopup(anchor, { width: 320, maxHeight: 300 }, phone)).toEqual({ left: 62, top: 230, width: 320 });
    const narrow = { width: 320, height: 568 };
    expect(placePopup({ x: 200, y: 100, width: 40, height: 20 }, grammar, narrow)).toEqual({ left: 8, top: 128, width: 304 });
  });

  it('keeps the full width when the viewport has exactly room for it', () => {
    const placement = placePopup({ x: 0, y: 0, width: 10, height: 10 }, { width: 350, maxHeight: 100 }, { width: 366, height: 600 });
    expect(placement).toEqual({ left: 8, top: 18, width: 350 });
  });
});
