/**
 * The background layer: shows the state it is given (loading, a picture, a load error, no picture at all)
 * and cross-fades from whatever was there before, the new slide fading in over the old so the stage never
 * dips to black between two pictures. A picture is loaded here; until it is in, the old slide stays (or the
 * loading placeholder, on an empty stage); if it fails, the error notice shows.
 */
import { Container } from 'pixi.js';
import { LoadingSlide, NoticeSlide, NOTICES, PictureSlide, type Slide } from './background-slides';
import { easeInOutSine, Transition, TRANSITION_MS } from './motion';
import type { StageContext } from './stage-context';
import type { TextureStore } from './texture-store';

export type BackgroundView =
  | { state: 'loading' }
  /** Something to read is on screen but no picture has come yet: the backdrop, without the loading dots. */
  | { state: 'waiting' }
  | { state: 'loaded'; url: string }
  | { state: 'error' }
  | { state: 'missing'; location: string; time: string };

const keyOf = (view: BackgroundView) => JSON.stringify(view);

interface Shown {
  slide: Slide;
  fade: Transition | null;
}

export class BackgroundLayer {
  /** Pictures and shapes, in design units (the stage scales this container). */
  readonly world = new Container({ label: 'background' });
  /** Words, in CSS px. */
  readonly screen = new Container({ label: 'background-text' });
  private shown: Shown[] = [];
  private wanted = '';
  private token = 0;
  private pending = 0;

  constructor(
    private readonly store: TextureStore,
    private readonly context: () => StageContext,
  ) {}

  /** True while a picture loads or a cross-fade runs. */
  get busy(): boolean {
    return this.pending > 0 || this.shown.some((s) => s.fade && !s.fade.done);
  }

  set(view: BackgroundView): void {
    const key = keyOf(view);
    if (key === this.wanted) return;
    this.wanted = key;
    const token = ++this.token;
    switch (view.state) {
      case 'loading':
      case 'waiting':
        this.present(new LoadingSlide({ dots: view.state === 'loading' }), token);
        break;
      case 'error': {
        const notice = NOTICES.error();
        this.present(new NoticeSlide('error', notice.title, notice.detail), token);
        break;
      }
      case 'missing': {
        const notice = NOTICES.missing(view.location, view.time);
        this.present(new NoticeSlide('missing', notice.title, notice.detail), token);
        break;
      }
      case 'loaded': {
        // The picture is already fetched (the scene preloads it): no dots for the moment it takes to decode.
        if (this.shown.length === 0) this.present(new LoadingSlide({ dots: false }), token);
        this.pending++;
        void this.store.acquire(view.url).then((handle) => {
          this.pending--;
          if (token !== this.token) {
            handle?.release();
            return;
          }
          if (handle) this.present(new PictureSlide(view.url, handle), token);
          else {
            const notice = NOTICES.error();
            this.present(new NoticeSlide('error', notice.title, notice.detail), token);
          }
        });
        break;
      }
    }
  }

  /** Puts `slide` on top once it is ready, fading it in over what is there; drops it if a newer state came. */
  private present(slide: Slide, token: number): void {
    this.pending++;
    void slide.ready.then(() => {
      this.pending--;
      if (token !== this.token || this.world.destroyed) {
        slide.destroy();
        return;
      }
      slide.layout(this.context());
      const fade = this.shown.length > 0 ? new Transition(TRANSITION_MS, easeInOutSine) : null;
      slide.world.alpha = slide.screen.alpha = fade ? 0 : 1;
      this.world.addChild(slide.world);
      this.screen.addChild(slide.screen);
      this.shown.push({ slide, fade });
    });
  }

  layout(context: StageContext): void {
    for (const { slide } of this.shown) slide.layout(context);
  }

  refreshFonts(context: StageContext): void {
    for (const { slide } of this.shown) slide.refreshFonts(context);
  }

  /** Advances fades and ambient motion; returns whether the picture changed. */
  tick(elapsedMs: number, context: StageContext): boolean {
    let changed = false;
    for (const shown of this.shown) {
      if (shown.fade && !shown.fade.done) {
        shown.fade.advance(elapsedMs);
        shown.slide.world.alpha = shown.slide.screen.alpha = shown.fade.progress;
        changed = true;
      }
    }
    // Once the top slide is fully in, the ones under it can go.
    const top = this.shown.at(-1);
    if (top && (!top.fade || top.fade.done) && this.shown.length > 1) {
      for (const old of this.shown.slice(0, -1)) old.slide.destroy();
      this.shown = [top];
      changed = true;
    }
    if (top && top.slide.tick(elapsedMs, context)) changed = true;
    return changed;
  }

  destroy(): void {
    this.token++;
    for (const { slide } of this.shown) slide.destroy();
    this.shown = [];
    this.world.destroy({ children: true });
    this.screen.destroy({ children: true });
  }
}
