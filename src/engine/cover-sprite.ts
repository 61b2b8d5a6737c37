/**
 * A picture cover-fitted to an area (design units): cropped, not masked, so any renderer draws exactly the
 * visible part. A Pixi class whose `picture` and `area` a React tree declares; it owns the crop it makes.
 */
import { Rectangle, Sprite, Texture, type SpriteOptions, type DestroyOptions } from 'pixi.js';
import { coverCrop } from './stage-fit';
import type { Rect } from './text-layout';

export interface CoverSpriteOptions extends Omit<SpriteOptions, 'texture'> {
  picture?: Texture | null;
  area?: Rect | null;
}

export class CoverSprite extends Sprite {
  private source: Texture | null = null;
  private frameArea: Rect | null = null;
  private crop: Texture | null = null;

  constructor({ picture, area, ...options }: CoverSpriteOptions = {}) {
    super({ label: 'cover-sprite', ...options });
    this.source = picture ?? null;
    this.frameArea = area ?? null;
    this.fit();
  }

  get picture(): Texture | null {
    return this.source;
  }

  set picture(picture: Texture | null) {
    if (picture === this.source) return;
    this.source = picture;
    this.fit();
  }

  get area(): Rect | null {
    return this.frameArea;
  }

  set area(area: Rect | null) {
    const same = area && this.frameArea && area.x === this.frameArea.x && area.y === this.frameArea.y && area.width === this.frameArea.width && area.height === this.frameArea.height;
    if (same) return;
    this.frameArea = area;
    this.fit();
  }

  private fit(): void {
    const picture = this.source;
    const area = this.frameArea;
    const old = this.crop;
    if (!picture || !area) {
      this.crop = null;
      this.texture = Texture.EMPTY;
    } else {
      const frame = coverCrop({ width: picture.width, height: picture.height }, area);
      this.crop = new Texture({ source: picture.source, frame: new Rectangle(frame.x, frame.y, frame.width, frame.height) });
      this.texture = this.crop;
      this.position.set(area.x, area.y);
      this.setSize(area.width, area.height);
    }
    old?.destroy(false);
  }

  override destroy(options?: DestroyOptions): void {
    const crop = this.crop;
    this.crop = null;
    // The picture belongs to the texture store; only the crop is this sprite's.
    super.destroy(typeof options === 'object' ? { ...options, texture: false, textureSource: false } : false);
    crop?.destroy(false);
  }
}
