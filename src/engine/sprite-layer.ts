/**
 * The character layer. A new character rises gently into place while the one before fades away; the same
 * character with a new expression cross-fades in place (the new picture over the old, so the figure never
 * turns see-through). A picture that fails falls back to the neutral sprite; if that fails too the figure
 * simply leaves. Everything is in design units.
 */
import { Container, Sprite } from 'pixi.js';
import { clamp01, easeInOutSine, easeOutCubic, Transition, TRANSITION_MS } from './motion';
import { placeFigure, sceneGeometry } from './scene-geometry';
import type { StageContext } from './stage-context';
import type { TextureHandle, TextureStore } from './texture-store';

export interface SpriteView {
  key: string;
  url: string;
  fallbackUrl: string;
}

/** How a figure is moving: arriving, leaving, or being replaced by the same character's other expression. */
type Motion = 'enter' | 'exit' | 'swap-in' | 'swap-out' | 'still';

/** Design units a new character rises from (and a leaving one sinks by). */
const RISE = 18;
const SINK = 10;

interface Figure {
  key: string;
  sprite: Sprite;
  handle: TextureHandle;
  motion: Motion;
  transition: Transition;
  /** Opacity when the current motion began (a figure can be sent away halfway through arriving). */
  fromAlpha: number;
}

export class SpriteLayer {
  readonly world = new Container({ label: 'sprites' });
  private figures: Figure[] = [];
  private wanted = 'none';
  private token = 0;
  private pending = 0;

  constructor(
    private readonly store: TextureStore,
    private readonly context: () => StageContext,
  ) {}

  get busy(): boolean {
    return this.pending > 0 || this.figures.some((f) => f.motion !== 'still');
  }

  set(view: SpriteView | null): void {
    const wanted = view ? JSON.stringify([view.key, view.url, view.fallbackUrl]) : 'none';
    if (wanted === this.wanted) return;
    this.wanted = wanted;
    const token = ++this.token;
    if (!view) {
      this.sendAway(null);
      return;
    }
    this.pending++;
    void this.load(view).then((handle) => {
      this.pending--;
      if (token !== this.token || this.world.destroyed) {
        handle?.release();
        return;
      }
      if (handle) this.present(view.key, handle);
      else this.sendAway(null);
    });
  }

  private async load(view: SpriteView): Promise<TextureHandle | null> {
    const handle = await this.store.acquire(view.url);
    if (handle || !view.fallbackUrl || view.fallbackUrl === view.url) return handle;
    return this.store.acquire(view.fallbackUrl);
  }

  private present(key: string, handle: TextureHandle): void {
    const current = this.figures.filter((f) => f.motion !== 'exit' && f.motion !== 'swap-out').at(-1);
    if (current && current.key === key && current.handle.texture === handle.texture) {
      handle.release(); // the fallback turned out to be the picture already shown
      return;
    }
    const sameCharacter = current?.key === key;
    this.sendAway(sameCharacter ? key : null);
    const sprite = new Sprite(handle.texture);
    this.world.addChild(sprite);
    const figure: Figure = {
      key,
      sprite,
      handle,
      motion: sameCharacter ? 'swap-in' : 'enter',
      transition: new Transition(TRANSITION_MS, (t) => t),
      fromAlpha: 0,
    };
    this.figures.push(figure);
    this.place(figure, this.context());
  }

  /** Starts every figure leaving: cross-fading under its successor if `swapFor` is its key, fading out otherwise. */
  private sendAway(swapFor: string | null): void {
    for (const figure of this.figures) {
      if (figure.motion === 'exit' || figure.motion === 'swap-out') continue;
      figure.motion = swapFor !== null && figure.key === swapFor ? 'swap-out' : 'exit';
      figure.fromAlpha = figure.sprite.alpha;
      figure.transition = new Transition(TRANSITION_MS, (t) => t);
    }
  }

  /** Size, position and opacity for the figure's motion at its current progress. */
  private place(figure: Figure, context: StageContext): void {
    const geometry = sceneGeometry(context.fit.orientation);
    const texture = figure.handle.texture;
    const rect = placeFigure({ width: texture.width, height: texture.height }, geometry.figure);
    const t = figure.transition.linear;
    const still = context.reducedMotion;
    let alpha = 1;
    let offset = 0;
    switch (figure.motion) {
      case 'enter':
        alpha = easeInOutSine(t);
        offset = still ? 0 : RISE * (1 - easeOutCubic(t));
        break;
      case 'swap-in':
        alpha = easeInOutSine(t);
        break;
      case 'swap-out':
        // Holds until the new expression mostly covers it, then goes: no see-through moment.
        alpha = figure.fromAlpha * (1 - easeInOutSine(clamp01((t - 0.4) / 0.6)));
        break;
      case 'exit':
        alpha = figure.fromAlpha * (1 - easeInOutSine(t));
        offset = still ? 0 : SINK * easeInOutSine(t);
        break;
      case 'still':
        break;
    }
    figure.sprite.alpha = alpha;
    figure.sprite.position.set(rect.x, rect.y + offset);
    figure.sprite.setSize(rect.width, rect.height);
  }

  layout(context: StageContext): void {
    for (const figure of this.figures) this.place(figure, context);
  }

  tick(elapsedMs: number, context: StageContext): boolean {
    let changed = false;
    for (const figure of this.figures) {
      if (figure.motion === 'still') continue;
      figure.transition.advance(elapsedMs);
      this.place(figure, context);
      changed = true;
      if (figure.transition.done && (figure.motion === 'enter' || figure.motion === 'swap-in')) figure.motion = 'still';
    }
    const gone = this.figures.filter((f) => (f.motion === 'exit' || f.motion === 'swap-out') && f.transition.done);
    if (gone.length > 0) {
      for (const figure of gone) this.drop(figure);
      this.figures = this.figures.filter((f) => !gone.includes(f));
    }
    return changed;
  }

  private drop(figure: Figure): void {
    figure.sprite.destroy();
    figure.handle.release();
  }

  destroy(): void {
    this.token++;
    for (const figure of this.figures) this.drop(figure);
    this.figures = [];
    this.world.destroy({ children: true });
  }
}
