/** A rectangle in viewport pixels, as `getBoundingClientRect()` gives one. */
export interface AnchorRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PopupSize {
  width: number;
  /** The tallest the popup may be; it scrolls inside beyond that. */
  maxHeight: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface PopupPlacement {
  left: number;
  top: number;
  width: number;
}

/**
 * Where a popup of `size` goes next to `anchor` (a highlighted word or pattern), in viewport pixels.
 * Below the anchor when it fits, else above it; when neither fits, on the roomier side. The result is
 * then clamped so the popup stays `margin` inside the viewport on every side, and on a viewport
 * narrower than the popup (a phone) the width shrinks to the viewport less both margins.
 * Horizontally the popup is centred on the anchor before clamping.
 */
export function placePopup(anchor: AnchorRect, size: PopupSize, viewport: Viewport, margin = 8): PopupPlacement {
  const width = Math.max(0, Math.min(size.width, viewport.width - 2 * margin));
  const height = Math.max(0, Math.min(size.maxHeight, viewport.height - 2 * margin));

  const below = anchor.y + anchor.height + margin;
  const above = anchor.y - margin - height;
  let top: number;
  if (below + height <= viewport.height - margin) top = below;
  else if (above >= margin) top = above;
  else {
    const roomBelow = viewport.height - (anchor.y + anchor.height);
    top = roomBelow >= anchor.y ? below : above;
  }
  top = clamp(top, margin, viewport.height - margin - height);

  const left = clamp(anchor.x + anchor.width / 2 - width / 2, margin, viewport.width - margin - width);
  return { left: Math.round(left), top: Math.round(top), width: Math.round(width) };
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, Math.max(min, max)));
}
