/**
 * Where the design canvas sits inside the host element. The scene is composed once for a fixed design
 * resolution per orientation and scaled uniformly to fit, so a line wraps the same way on every screen of
 * that shape. Pure arithmetic: no Pixi, no DOM, unit-tested.
 */
import type { Rect } from './text-layout';

export type StageOrientation = 'landscape' | 'portrait';

export interface Size {
  width: number;
  height: number;
}

/** Hosts narrower than this (width / height) are phones held upright and get the portrait composition. */
export const PORTRAIT_ASPECT_LIMIT = 0.8;

export const DESIGN_SIZES: Record<StageOrientation, Size> = {
  landscape: { width: 1280, height: 720 },
  portrait: { width: 720, height: 1280 },
};

export interface StageFit {
  orientation: StageOrientation;
  /** The design resolution in use. */
  design: Size;
  /** CSS px per design unit. */
  scale: number;
  /** CSS px from the host's top-left to the design canvas's top-left. */
  offsetX: number;
  offsetY: number;
  /** The host's size in CSS px. */
  host: Size;
}

export function orientationOf(host: Size): StageOrientation {
  return host.height > 0 && host.width / host.height < PORTRAIT_ASPECT_LIMIT ? 'portrait' : 'landscape';
}

/**
 * Fits the design canvas inside the host (contain). Landscape is centred with letterbox bars. Portrait sits
 * on the bottom edge: the background covers the whole phone anyway, and the dialogue box and the sprite's cut
 * edge belong at the bottom of the screen, not floating above a strip of picture.
 */
export function fitStage(host: Size): StageFit {
  const orientation = orientationOf(host);
  const design = DESIGN_SIZES[orientation];
  const width = Math.max(0, host.width);
  const height = Math.max(0, host.height);
  const scale = Math.min(width / design.width, height / design.height);
  const spareX = width - design.width * scale;
  const spareY = height - design.height * scale;
  return {
    orientation,
    design,
    scale,
    offsetX: spareX / 2,
    offsetY: orientation === 'portrait' ? spareY : spareY / 2,
    host: { width, height },
  };
}

/** A design-space rectangle in host CSS px. */
export function designToCss(fit: StageFit, rect: Rect): Rect {
  return {
    x: fit.offsetX + rect.x * fit.scale,
    y: fit.offsetY + rect.y * fit.scale,
    width: rect.width * fit.scale,
    height: rect.height * fit.scale,
  };
}

/** A host CSS px rectangle in design units (the inverse of designToCss). */
export function cssToDesign(fit: StageFit, rect: Rect): Rect {
  const scale = fit.scale || 1;
  return {
    x: (rect.x - fit.offsetX) / scale,
    y: (rect.y - fit.offsetY) / scale,
    width: rect.width / scale,
    height: rect.height / scale,
  };
}

/** The whole host in design units: what a cover-fitted background must fill in portrait. */
export function hostInDesign(fit: StageFit): Rect {
  return cssToDesign(fit, { x: 0, y: 0, width: fit.host.width, height: fit.host.height });
}

/** Rounds a CSS px coordinate to the nearest device pixel, so a texture drawn there maps 1:1 and stays sharp. */
export function snapToDevicePixel(value: number, devicePixelRatio: number): number {
  const ratio = devicePixelRatio > 0 ? devicePixelRatio : 1;
  return Math.round(value * ratio) / ratio;
}

/**
 * The part of an image (in image px) that covers `frame` with the image's aspect kept and centred:
 * the crop to draw stretched over the whole frame.
 */
export function coverCrop(image: Size, frame: Size): Rect {
  if (image.width <= 0 || image.height <= 0 || frame.width <= 0 || frame.height <= 0) {
    return { x: 0, y: 0, width: Math.max(0, image.width), height: Math.max(0, image.height) };
  }
  const scale = Math.max(frame.width / image.width, frame.height / image.height);
  const width = Math.min(image.width, frame.width / scale);
  const height = Math.min(image.height, frame.height / scale);
  return { x: (image.width - width) / 2, y: (image.height - height) / 2, width, height };
}

/**
 * The area the background picture covers, in design units: the design canvas in landscape (letterboxed),
 * the whole host in portrait (a phone shows the scene edge to edge).
 */
export function backgroundArea(fit: StageFit): Rect {
  return fit.orientation === 'portrait' ? hostInDesign(fit) : { x: 0, y: 0, ...fit.design };
}
