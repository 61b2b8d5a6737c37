/**
 * The reader's drawing engine: what is not React (src/scenes/stage holds the stage's React tree). Text layout
 * and kinsoku, glyph metrics, the line being read, motion curves, renderer choice, texture loading, and the
 * Pixi classes the tree declares. No network, no stores.
 */
export type { LineView, TextGeometry, MarkPlace } from './dialogue-reader';
export type { ContinueKind } from './continue-indicator';
export type { GlyphBox, Rect } from './text-layout';
export { layoutText, boxesOf, type TextLayout, type LayoutOptions } from './text-layout';
