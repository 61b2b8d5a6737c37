/**
 * The reader's drawing engine: imperative Pixi, no React, no network, no stores. It draws what it is
 * given (a background state, a character sprite, a line of dialogue) and reports where the text went, so
 * the DOM overlay can put furigana and hit areas over it. See reader-stage.ts for the stage itself.
 */
export { createReaderStage, type ReaderStage, type ReaderStageOptions } from './reader-stage';
export type { BackgroundView } from './background-layer';
export type { SpriteView } from './sprite-layer';
export type { LineView, TextGeometry } from './dialogue-layer';
export type { ContinueKind } from './continue-indicator';
export type { GlyphBox, Rect } from './text-layout';
export { layoutText, boxesOf, type TextLayout, type LayoutOptions } from './text-layout';
