import { describe, expect, it } from 'vitest';
import { backgroundArea, coverCrop, cssToDesign, designToCss, fitStage, orientationOf, snapToDevicePixel } from '../../src/engine/stage-fit';

describe('fitting the design canvas into the host', () => {
  it('chooses portrait only for hosts narrower than 0.8 width/height', () => {
    expect(orientationOf({ width: 1280, height: 720 })).toBe('landscape');
    expect(orientationOf({ width: 800, height: 1000 })).toBe('landscape'); // exactly 0.8
    expect(orientationOf({ width: 799, height: 1000 })).toBe('portrait');
    expect(orientationOf({ width: 390, height: 844 })).toBe('portrait');
    expect(orientationOf({ width: 0, height: 0 })).toBe('landscape');
  });

  it('scales 1280×720 to fit and centres it with letterbox bars', () => {
    expect(fitStage({ width: 1280, height: 720 })).toMatchObject({ scale: 1, offsetX: 0, offsetY: 0 });
    // 3:2: bars above and below.
    expect(fitStage({ width: 1200, height: 800 })).toMatchObject({ orientation: 'landscape', scale: 0.9375, offsetX: 0, offsetY: 62.5 });
    // Ultra-wide: bars left and right.
    expect(fitStage({ width: 2560, height: 720 })).toMatchObject({ scale: 1, offsetX: 640, offsetY: 0 });
  });

  it('uses 720×1280 on a phone and sits it on the bottom edge', () => {
    const fit = fitStage({ width: 390, height: 844 });
    expect(fit.orientation).toBe('portrait');
    expect(fit.design).toEqual({ width: 720, height: 1280 });
    expect(fit.scale).toBeCloseTo(390 / 720);
    expect(fit.offsetX).toBeCloseTo(0);
    expect(fit.offsetY + 1280 * fit.scale).toBeCloseTo(844);
  });

  it('converts design rectangles to CSS px and back', () => {
    const fit = fitStage({ width: 1200, height: 800 });
    const css = designToCss(fit, { x: 100, y: 200, width: 300, height: 40 });
    expect(css).toEqual({ x: 93.75, y: 62.5 + 187.5, width: 281.25, height: 37.5 });
    expect(cssToDesign(fit, css)).toEqual({ x: 100, y: 200, width: 300, height: 40 });
  });

  it('covers the design canvas in landscape and the whole host in portrait', () => {
    expect(backgroundArea(fitStage({ width: 1200, height: 800 }))).toEqual({ x: 0, y: 0, width: 1280, height: 720 });
    const phone = fitStage({ width: 390, height: 844 });
    const area = backgroundArea(phone);
    expect(designToCss(phone, area).x).toBeCloseTo(0);
    expect(designToCss(phone, area).y).toBeCloseTo(0);
    expect(designToCss(phone, area).width).toBeCloseTo(390);
    expect(designToCss(phone, area).height).toBeCloseTo(844);
  });

  it('snaps to device pixels', () => {
    expect(snapToDevicePixel(10.3, 1)).toBe(10);
    expect(snapToDevicePixel(10.3, 2)).toBe(10.5);
    expect(snapToDevicePixel(10.2, 3)).toBeCloseTo(10 + 1 / 3);
    expect(snapToDevicePixel(7.4, 0)).toBe(7);
  });
});

describe('cover-cropping a picture', () => {
  it('crops the sides of a picture wider than the frame, centred', () => {
    expect(coverCrop({ width: 1280, height: 720 }, { width: 720, height: 1280 })).toEqual({ x: 437.5, y: 0, width: 405, height: 720 });
  });

  it('crops top and bottom of a picture taller than the frame', () => {
    expect(coverCrop({ width: 1000, height: 1000 }, { width: 1280, height: 720 })).toEqual({ x: 0, y: 218.75, width: 1000, height: 562.5 });
  });

  it('keeps the whole picture when the aspect matches, at any size', () => {
    expect(coverCrop({ width: 640, height: 360 }, { width: 1280, height: 720 })).toEqual({ x: 0, y: 0, width: 640, height: 360 });
  });

  it('survives empty sizes', () => {
    expect(coverCrop({ width: 0, height: 0 }, { width: 1280, height: 720 })).toEqual({ x: 0, y: 0, width: 0, height: 0 });
    expect(coverCrop({ width: 100, height: 50 }, { width: 0, height: 0 })).toEqual({ x: 0, y: 0, width: 100, height: 50 });
  });
});
