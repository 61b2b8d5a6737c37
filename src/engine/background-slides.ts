/**
 * What the background layer can show, one class per state: the picture, the loading placeholder and the
 * notices for a picture that failed or does not exist. Each draws pictures and shapes in design units
 * (`world`) and its words in CSS px (`screen`), so text is rasterised at the screen's own density.
 */
import { Container, Graphics, Rectangle, Sprite, Text, Texture } from 'pixi.js';
import { backdropTexture } from './backdrop';
import { cssFont, DIALOGUE_FAMILY, DIALOGUE_WEIGHT, loadFont, NAME_FAMILY, NAME_WEIGHT } from './fonts';
import { pulse } from './motion';
import { sceneGeometry } from './scene-geometry';
import type { StageContext } from './stage-context';
import { backgroundArea, coverCrop, designToCss, snapToDevicePixel } from './stage-fit';
import type { TextureHandle } from './texture-store';
import type { Rect } from './text-layout';

export interface Slide {
  readonly world: Container;
  readonly screen: Container;
  /** Resolves once the slide can be shown as it should look (its fonts are in). */
  readonly ready: Promise<void>;
  layout(context: StageContext): void;
  /** Ambient motion; returns whether anything changed. */
  tick(elapsedMs: number, context: StageContext): boolean;
  /** Redraws text after a font finished loading. */
  refreshFonts(context: StageContext): void;
  destroy(): void;
}

/** Stretches a sprite over `area` (design units). */
function cover(sprite: Sprite, area: Rect): void {
  sprite.position.set(area.x, area.y);
  sprite.setSize(area.width, area.height);
}

/** A loaded picture, cover-fitted: cropped (not masked) so any renderer draws exactly the visible part. */
export class PictureSlide implements Slide {
  readonly world = new Container({ label: 'background-picture' });
  readonly screen = new Container();
  readonly ready = Promise.resolve();
  private readonly sprite = new Sprite();
  private crop: Texture | null = null;

  constructor(
    readonly url: string,
    private readonly handle: TextureHandle,
  ) {
    this.world.addChild(this.sprite);
  }

  layout(context: StageContext): void {
    const area = backgroundArea(context.fit);
    const source = this.handle.texture;
    const frame = coverCrop({ width: source.width, height: source.height }, area);
    this.crop?.destroy(false);
    this.crop = new Texture({ source: source.source, frame: new Rectangle(frame.x, frame.y, frame.width, frame.height) });
    this.sprite.texture = this.crop;
    cover(this.sprite, area);
  }

  tick(): boolean {
    return false;
  }

  refreshFonts(): void {}

  destroy(): void {
    this.world.destroy({ children: true });
    this.screen.destroy({ children: true });
    this.crop?.destroy(false);
    this.handle.release();
  }
}

/**
 * Loading: a soft dusk gradient with three dots swelling in turn (still, when motion is reduced). The dots say
 * "wait", so they are left out where something is there to read already.
 */
export class LoadingSlide implements Slide {
  readonly world = new Container({ label: 'background-loading' });
  readonly screen = new Container();
  readonly ready = Promise.resolve();
  private readonly texture = backdropTexture('loading');
  private readonly backdrop = new Sprite(this.texture);
  private readonly dots: Graphics[];
  private elapsed = 0;

  constructor({ dots }: { dots: boolean }) {
    this.dots = dots ? [new Graphics(), new Graphics(), new Graphics()] : [];
    this.world.addChild(this.backdrop, ...this.dots);
    for (const dot of this.dots) dot.circle(0, 0, 7).fill({ color: 0xe6e0ff });
  }

  layout(context: StageContext): void {
    cover(this.backdrop, backgroundArea(context.fit));
    // Centred over the open space above the dialogue box.
    const { design, orientation } = context.fit;
    const centerY = sceneGeometry(orientation).box.y * 0.46;
    this.dots.forEach((dot, index) => dot.position.set(design.width / 2 + (index - 1) * 26, centerY));
    this.paint(context);
  }

  private paint(context: StageContext): void {
    this.dots.forEach((dot, index) => {
      const swell = context.reducedMotion ? 0.5 : pulse(this.elapsed, index);
      dot.alpha = 0.35 + 0.55 * swell;
      dot.scale.set(0.8 + 0.35 * swell);
    });
  }

  tick(elapsedMs: number, context: StageContext): boolean {
    if (context.reducedMotion || this.dots.length === 0) return false;
    this.elapsed += elapsedMs;
    this.paint(context);
    return true;
  }

  refreshFonts(): void {}

  destroy(): void {
    this.world.destroy({ children: true });
    this.screen.destroy({ children: true });
    this.texture.destroy(true);
  }
}

export type NoticeKind = 'error' | 'missing';

/**
 * A notice instead of a picture: a dark backdrop and a small glass card in the top-left corner, where neither
 * the character (centred) nor the dialogue box (bottom) nor the reader's toolbar (top-right) covers it.
 */
export class NoticeSlide implements Slide {
  readonly world = new Container({ label: 'background-notice' });
  readonly screen = new Container();
  readonly ready: Promise<void>;
  private readonly texture = backdropTexture('notice');
  private readonly backdrop = new Sprite(this.texture);
  private readonly card = new Graphics();
  private title: Text | null = null;
  private detail: Text | null = null;

  constructor(
    readonly kind: NoticeKind,
    private readonly titleText: string,
    private readonly detailText: string | null,
  ) {
    this.world.addChild(this.backdrop);
    this.screen.addChild(this.card);
    this.ready = Promise.all([
      loadFont(cssFont(NAME_WEIGHT, 24, NAME_FAMILY), titleText),
      detailText ? loadFont(cssFont(DIALOGUE_WEIGHT, 18, DIALOGUE_FAMILY), detailText) : true,
    ]).then(() => undefined);
  }

  layout(context: StageContext): void {
    const { fit, resolution } = context;
    const area = backgroundArea(fit);
    cover(this.backdrop, area);
    const portrait = fit.orientation === 'portrait';
    const s = fit.scale;
    const margin = (portrait ? 36 : 32) * s;
    const padding = (portrait ? 26 : 22) * s;
    const icon = (portrait ? 46 : 38) * s;
    const gap = (portrait ? 20 : 16) * s;
    const titleSize = (portrait ? 30 : 22) * s;
    const detailSize = (portrait ? 23 : 16) * s;
    const areaCss = designToCss(fit, area);
    const maxText = Math.max(40, areaCss.width - 2 * margin - 2 * padding - icon - gap);

    this.title?.destroy();
    this.detail?.destroy();
    this.title = new Text({
      text: this.titleText,
      resolution,
      style: { fontFamily: NAME_FAMILY, fontWeight: String(NAME_WEIGHT) as '700', fontSize: titleSize, fill: 0xf3effa, wordWrap: true, wordWrapWidth: maxText, breakWords: true },
    });
    this.detail = this.detailText
      ? new Text({
          text: this.detailText,
          resolution,
          style: { fontFamily: DIALOGUE_FAMILY, fontWeight: String(DIALOGUE_WEIGHT) as '400', fontSize: detailSize, fill: 0xb4b3c9, lineHeight: detailSize * 1.45, wordWrap: true, wordWrapWidth: maxText, breakWords: true },
        })
      : null;
    const textWidth = Math.max(this.title.width, this.detail?.width ?? 0);
    const between = this.detail ? detailSize * 0.35 : 0;
    const textHeight = this.title.height + between + (this.detail?.height ?? 0);
    const height = Math.max(icon, textHeight) + 2 * padding;
    const width = padding + icon + gap + textWidth + padding;
    const snap = (v: number) => snapToDevicePixel(v, resolution);
    const x = snap(areaCss.x + margin);
    const y = snap(areaCss.y + margin);

    this.card.clear();
    this.card
      .roundRect(x, y, width, height, 16 * s)
      .fill({ color: 0x0b0d18, alpha: 0.72 })
      .stroke({ width: Math.max(1, 1.5 * s), color: 0xffffff, alpha: 0.12, alignment: 1 });
    this.drawIcon(x + padding, y + (height - icon) / 2, icon);

    const textX = snap(x + padding + icon + gap);
    let textY = snap(y + (height - textHeight) / 2);
    this.title.position.set(textX, textY);
    this.screen.addChild(this.title);
    if (this.detail) {
      textY = snap(textY + this.title.height + between);
      this.detail.position.set(textX, textY);
      this.screen.addChild(this.detail);
    }
  }

  /** A picture frame with a hill and a sun; for a load error, a diagonal stroke through it. */
  private drawIcon(x: number, y: number, size: number): void {
    const accent = this.kind === 'error' ? 0xf0b37e : 0xb8b2ee;
    const line = Math.max(1.25, size * 0.06);
    const w = size;
    const h = size * 0.8;
    const top = y + (size - h) / 2;
    this.card.roundRect(x, top, w, h, size * 0.14).stroke({ width: line, color: accent, alpha: 0.95 });
    this.card.circle(x + w * 0.68, top + h * 0.32, size * 0.08).fill({ color: accent, alpha: 0.95 });
    this.card
      .poly([x + w * 0.12, top + h * 0.84, x + w * 0.38, top + h * 0.5, x + w * 0.58, top + h * 0.72, x + w * 0.7, top + h * 0.6, x + w * 0.88, top + h * 0.84], false)
      .stroke({ width: line, color: accent, alpha: 0.95, join: 'round', cap: 'round' });
    if (this.kind === 'error') {
      // The slash cuts through the frame: a card-coloured groove first, so the two strokes do not merge.
      const from = [x + w * 0.04, y + size * 0.04] as const;
      const to = [x + w * 0.96, y + size * 0.96] as const;
      this.card.moveTo(...from).lineTo(...to).stroke({ width: line * 3.2, color: 0x0b0d18, cap: 'round' });
      this.card.moveTo(...from).lineTo(...to).stroke({ width: line * 1.2, color: accent, cap: 'round' });
    }
  }

  tick(): boolean {
    return false;
  }

  refreshFonts(context: StageContext): void {
    this.layout(context);
  }

  destroy(): void {
    this.title?.destroy();
    this.detail?.destroy();
    this.world.destroy({ children: true });
    this.screen.destroy({ children: true });
    this.texture.destroy(true);
  }
}

/** The notice texts (SPEC §2, reader screen). */
export const NOTICES = {
  error: () => ({ title: 'Background could not be loaded', detail: null }),
  missing: (location: string, time: string) => ({ title: 'Background Not Available', detail: `Missing background for ${location} at ${time}` }),
};
