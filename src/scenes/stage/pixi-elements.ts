/**
 * The Pixi classes the stage's React tree declares as elements (`<pixiSprite>`, `<pixiGlyphText>`…). Only
 * these are registered, so the reader's bundle keeps to what it draws.
 */
import { extend, type PixiReactElementProps } from '@pixi/react';
import { Container, Graphics, Sprite, Text } from 'pixi.js';
import { ContinueMark } from '../../engine/continue-indicator';
import { CoverSprite } from '../../engine/cover-sprite';
import { GlyphText } from '../../engine/glyph-text';

extend({ Container, Graphics, Sprite, Text, GlyphText, ContinueMark, CoverSprite });

declare module '@pixi/react' {
  interface PixiElements {
    pixiGlyphText: PixiReactElementProps<typeof GlyphText>;
    pixiContinueMark: PixiReactElementProps<typeof ContinueMark>;
    pixiCoverSprite: PixiReactElementProps<typeof CoverSprite>;
  }
}
