/**
 * The reader's stage: one Pixi renderer filling the host element, the three layers (background, character,
 * dialogue) stacked on it, and a frame loop that advances their motion and the typewriter and renders only
 * when something changed (a reader mostly looks at a still picture; no need to redraw it 60 times a second).
 */
// Pixi generates its uniform and shader sync code with `new Function` unless this is loaded first; the app's
// Content-Security-Policy allows no eval (src/server/http/security-headers.ts), so it uses these equivalents.
import 'pixi.js/unsafe-eval';
import { autoDetectRenderer, Container, Ticker, type Renderer } from 'pixi.js';
import { BackgroundLayer, type BackgroundView } from './background-layer';
import type { ContinueKind } from './continue-indicator';
import { DialogueLayer, type LineView, type TextGeometry } from './dialogue-layer';
import { onFontsLoaded } from './fonts';
import { forgetMeasurements } from './glyph-metrics';
import { rendererPreference } from './renderer-choice';
import { SpriteLayer, type SpriteView } from './sprite-layer';
import type { StageContext } from './stage-context';
import { fitStage } from './stage-fit';
import { TextureStore } from './texture-store';

export interface ReaderStage {
  setBackground(view: BackgroundView): void;
  setSprite(view: SpriteView | null): void;
  showLine(line: LineView | null): void;
  /** Characters per second; the typewriter's interval is 1000 / cps ms. */
  setTextSpeed(cps: number): void;
  /** Finishes the typewriter now. */
  revealAll(): void;
  /** Hides the dialogue box (name, text, mark) so the picture can be seen whole; the line stays where it was. */
  setDialogueHidden(hidden: boolean): void;
  /** '▼' on the last line, '►' otherwise, blinking after the end of the text once it is complete. */
  setContinueIndicator(kind: ContinueKind | null): void;
  /** UTF-16 length of the text revealed so far. */
  readonly revealed: number;
  readonly complete: boolean;
  readonly layout: 'landscape' | 'portrait';
  onProgress(listener: (revealed: number, complete: boolean) => void): () => void;
  /** Where every grapheme of the current line is, in CSS px from the host's top-left; null without a line. */
  textGeometry(): TextGeometry | null;
  /** Called after a new line's layout or a resize. */
  onGeometryChange(listener: () => void): () => void;
  /** Which renderer draws: WebGL where the browser has it on a GPU, the 2D canvas otherwise. */
  readonly renderer: 'webgl' | 'canvas';
  /**
   * Resolves on the first frame at which nothing is pending: pictures and fonts loaded, transitions over,
   * typewriter complete (ambient blinking and pulsing do not count). For tests and screenshots.
   */
  settled(): Promise<void>;
  destroy(): void;
}

export interface ReaderStageOptions {
  host: HTMLElement;
  /** Less motion (no blinking, pulsing, rising); defaults to the `prefers-reduced-motion` media query. */
  reducedMotion?: boolean;
  /**
   * Force a renderer. By default: WebGL on a GPU, otherwise the 2D canvas. 'webgl' takes WebGL even when the
   * browser only has a software implementation (and still falls back to the canvas without any).
   */
  renderer?: 'webgl' | 'canvas';
}

const BAR_COLOR = 0x07080d;

function hostSize(host: HTMLElement) {
  const rect = host.getBoundingClientRect();
  return { width: Math.max(1, rect.width), height: Math.max(1, rect.height) };
}

export async function createReaderStage(options: ReaderStageOptions): Promise<ReaderStage> {
  const { host } = options;
  const size = hostSize(host);
  const resolution = window.devicePixelRatio || 1;
  const renderer = await autoDetectRenderer({
    // WebGPU adds nothing to a scene of a few quads and its adapters are the least predictable; the 2D canvas
    // keeps the reader working where WebGL is off or only emulated (renderer-choice.ts).
    preference: rendererPreference(options.renderer ?? 'auto'),
    failIfMajorPerformanceCaveat: options.renderer !== 'webgl',
    width: size.width,
    height: size.height,
    resolution,
    autoDensity: true,
    antialias: true,
    background: BAR_COLOR,
    // The stage is drawn on demand; keeping the last frame lets it be read back between renders (screenshots,
    // the alignment test) at no cost worth measuring.
    preserveDrawingBuffer: true,
  });
  return new Stage(host, renderer, resolution, options.reducedMotion);
}

class Stage implements ReaderStage {
  private readonly root = new Container({ label: 'reader-stage' });
  private readonly store = new TextureStore();
  private readonly background: BackgroundLayer;
  private readonly sprites: SpriteLayer;
  private readonly dialogue: DialogueLayer;
  private readonly ticker = new Ticker();
  private readonly observer: ResizeObserver;
  private readonly progressListeners = new Set<(revealed: number, complete: boolean) => void>();
  private readonly geometryListeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];
  private context: StageContext;
  private dirty = true;
  private waiters: (() => void)[] = [];
  private destroyed = false;

  constructor(
    private readonly host: HTMLElement,
    private readonly pixi: Renderer,
    resolution: number,
    reducedMotion: boolean | undefined,
  ) {
    const motionQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
    this.context = { fit: fitStage(hostSize(host)), resolution, reducedMotion: reducedMotion ?? motionQuery?.matches ?? false };
    if (reducedMotion === undefined && motionQuery) {
      const follow = () => {
        this.context = { ...this.context, reducedMotion: motionQuery.matches };
        this.dirty = true;
      };
      motionQuery.addEventListener('change', follow);
      this.cleanups.push(() => motionQuery.removeEventListener('change', follow));
    }

    const context = () => this.context;
    this.background = new BackgroundLayer(this.store, context);
    this.sprites = new SpriteLayer(this.store, context);
    this.dialogue = new DialogueLayer(context, {
      progress: (revealed, complete) => {
        this.dirty = true;
        for (const listener of this.progressListeners) listener(revealed, complete);
      },
      geometry: () => {
        this.dirty = true;
        for (const listener of this.geometryListeners) listener();
      },
    });
    // Back to front. Words of a layer sit right above its pictures, so a character covers a background notice.
    this.root.addChild(this.background.world, this.background.screen, this.sprites.world, this.dialogue.world, this.dialogue.screen);

    const canvas = pixi.canvas as HTMLCanvasElement;
    canvas.style.display = 'block';
    canvas.setAttribute('aria-hidden', 'true'); // the DOM overlay carries the text for assistive technology
    host.prepend(canvas);

    this.applyFit();
    // Resizes come before paint, so redrawing right away never shows a stretched or blank frame.
    this.observer = new ResizeObserver(() => this.resize());
    this.observer.observe(host);
    this.cleanups.push(
      onFontsLoaded(() => {
        forgetMeasurements();
        this.background.refreshFonts(this.context);
        this.dialogue.refreshFonts(this.context);
        this.dirty = true;
      }),
    );
    this.ticker.add(() => this.frame());
    this.ticker.start();
    this.render();
  }

  get revealed(): number {
    return this.dialogue.revealed;
  }

  get complete(): boolean {
    return this.dialogue.complete;
  }

  get layout(): 'landscape' | 'portrait' {
    return this.context.fit.orientation;
  }

  get renderer(): 'webgl' | 'canvas' {
    return this.pixi.name === 'canvas' ? 'canvas' : 'webgl';
  }

  setBackground(view: BackgroundView): void {
    if (this.destroyed) return;
    this.background.set(view);
    this.dirty = true;
  }

  setSprite(view: SpriteView | null): void {
    if (this.destroyed) return;
    this.sprites.set(view);
    this.dirty = true;
  }

  showLine(line: LineView | null): void {
    if (this.destroyed) return;
    this.dialogue.show(line);
    this.dirty = true;
  }

  setDialogueHidden(hidden: boolean): void {
    if (this.destroyed) return;
    this.dialogue.setHidden(hidden);
    this.dirty = true;
  }

  setTextSpeed(cps: number): void {
    if (!(cps > 0)) return;
    this.dialogue.setTextSpeed(cps);
  }

  revealAll(): void {
    if (this.destroyed) return;
    this.dialogue.revealAll();
  }

  setContinueIndicator(kind: ContinueKind | null): void {
    if (this.destroyed) return;
    this.dialogue.setContinueIndicator(kind);
    this.dirty = true;
  }

  onProgress(listener: (revealed: number, complete: boolean) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  textGeometry(): TextGeometry | null {
    return this.dialogue.geometry();
  }

  onGeometryChange(listener: () => void): () => void {
    this.geometryListeners.add(listener);
    return () => this.geometryListeners.delete(listener);
  }

  settled(): Promise<void> {
    if (this.destroyed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private get busy(): boolean {
    return this.background.busy || this.sprites.busy || this.dialogue.busy;
  }

  private resize(): void {
    if (this.destroyed) return;
    const resolution = window.devicePixelRatio || 1;
    const fit = fitStage(hostSize(this.host));
    const same = fit.host.width === this.context.fit.host.width && fit.host.height === this.context.fit.host.height && resolution === this.context.resolution;
    if (same) return;
    this.context = { ...this.context, fit, resolution };
    this.pixi.resize(fit.host.width, fit.host.height, resolution);
    this.applyFit();
    this.render();
  }

  /** Scales the design-unit containers and re-lays everything out for the current size. */
  private applyFit(): void {
    const { fit } = this.context;
    for (const world of [this.background.world, this.sprites.world, this.dialogue.world]) {
      world.position.set(fit.offsetX, fit.offsetY);
      world.scale.set(fit.scale);
    }
    this.background.layout(this.context);
    this.sprites.layout(this.context);
    this.dialogue.layout(this.context);
    this.dirty = true;
  }

  private frame(): void {
    const elapsed = this.ticker.elapsedMS;
    // Every layer ticks every frame (no short-circuit): each keeps its own clock.
    const changes = [this.background.tick(elapsed, this.context), this.sprites.tick(elapsed, this.context), this.dialogue.tick(elapsed, this.context)];
    if (this.dirty || changes.some(Boolean)) this.render();
    if (this.waiters.length > 0 && !this.busy && !this.dirty) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private render(): void {
    if (this.destroyed) return;
    this.dirty = false;
    this.pixi.render(this.root);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.ticker.destroy();
    this.observer.disconnect();
    for (const cleanup of this.cleanups) cleanup();
    this.progressListeners.clear();
    this.geometryListeners.clear();
    this.background.destroy();
    this.sprites.destroy();
    this.dialogue.destroy();
    this.root.destroy({ children: true });
    this.store.destroy();
    this.pixi.destroy({ removeView: true });
    for (const resolve of this.waiters) resolve();
    this.waiters = [];
  }
}
