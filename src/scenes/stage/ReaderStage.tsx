/**
 * The reader's stage: one Pixi renderer (@pixi/react's <Application>) filling its host, letterboxed (or in
 * portrait on a tall screen), drawing the background, the character and the dialogue box that its props
 * describe. The DOM over it (furigana, word buttons, the text layer) aligns to the glyph boxes it reports.
 */
// Pixi generates its uniform and shader sync code with `new Function` unless this is loaded first; the app's
// Content-Security-Policy allows no eval (src/server/http/security-headers.ts), so it uses these equivalents.
import 'pixi.js/unsafe-eval';
import { Application } from '@pixi/react';
import { memo, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type Ref } from 'react';
import type { ContinueKind } from '../../engine/continue-indicator';
import { DialogueReader, type LineView, type TextGeometry } from '../../engine/dialogue-reader';
import { FrameRequests } from '../../engine/frame-requests';
import { rendererPreference } from '../../engine/renderer-choice';
import type { StageContext } from '../../engine/stage-context';
import { fitStage } from '../../engine/stage-fit';
import { TextureStore } from '../../engine/texture-store';
import type { BackgroundView } from './BackgroundLayer';
import type { SpriteView } from './SpriteLayer';
import { StageScene } from './StageScene';

/** What the reader asks of the stage between renders: finish the line, and where its glyphs are. */
export interface StageHandle {
  /** Shows the rest of the page on screen; on a page already shown in full, turns to the next one. */
  revealAll(): void;
  /** UTF-16 length of the line revealed so far. */
  readonly revealed: number;
  readonly complete: boolean;
  readonly layout: 'landscape' | 'portrait';
  /** Which renderer draws: WebGL where the browser has it on a GPU, the 2D canvas otherwise. */
  readonly renderer: 'webgl' | 'canvas';
  /** Where every grapheme of the page on screen is, in CSS px from the stage's top-left; null without a line. */
  textGeometry(): TextGeometry | null;
  /**
   * Resolves on the first frame at which nothing is pending: the props given so far taken in, pictures and
   * fonts loaded, transitions over, typewriter at the end of its page. For tests and screenshots.
   */
  settled(): Promise<void>;
}

export interface ReaderStageProps {
  background: BackgroundView;
  sprite: SpriteView | null;
  line: LineView | null;
  /** Characters per second; the typewriter's interval is 1000 / cps ms. */
  textSpeed: number;
  /** '▼' on the last line, '►' otherwise, after the end of the text once it is complete. */
  indicator: ContinueKind | null;
  /** The dialogue box out of sight, so the picture can be seen whole. */
  dialogueHidden?: boolean;
  /** Less motion (no blinking, pulsing, rising); defaults to the `prefers-reduced-motion` media query. */
  reducedMotion?: boolean;
  /**
   * Force a renderer. By default: WebGL on a GPU, otherwise the 2D canvas. 'webgl' takes WebGL even when the
   * browser only has a software implementation (and still falls back to the canvas without any).
   */
  renderer?: 'webgl' | 'canvas';
  onProgress?(revealed: number, complete: boolean): void;
  /** After a new line's (or page's) layout, or a resize. */
  onGeometry?(geometry: TextGeometry | null): void;
  ref?: Ref<StageHandle | null>;
}

const BAR_COLOR = 0x07080d;

/** The host's size and the screen's density, followed as they change. */
function useHostSize(host: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState<{ width: number; height: number; resolution: number } | null>(null);
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const next = { width: Math.max(1, rect.width), height: Math.max(1, rect.height), resolution: window.devicePixelRatio || 1 };
      setSize((size) => (size && size.width === next.width && size.height === next.height && size.resolution === next.resolution ? size : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [host]);
  return size;
}

const motionQuery = () => (typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null);

function useReducedMotion(forced: boolean | undefined): boolean {
  const prefers = useSyncExternalStore(
    (changed) => {
      const query = motionQuery();
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => motionQuery()?.matches ?? false,
  );
  return forced ?? prefers;
}

/**
 * Memoised: the reader re-renders for every character the typewriter shows; the stage only when its props
 * change (the reader keeps them identical while equal).
 */
export default memo(function ReaderStage({ ref, background, sprite, line, textSpeed, indicator, dialogueHidden = false, reducedMotion, renderer, onProgress, onGeometry }: ReaderStageProps) {
  const host = useRef<HTMLDivElement>(null);
  const size = useHostSize(host);
  const motion = useReducedMotion(reducedMotion);
  const [reader] = useState(() => new DialogueReader());
  const [parts, setParts] = useState<{ store: TextureStore; frames: FrameRequests } | null>(null);
  const [drawnBy, setDrawnBy] = useState<'webgl' | 'canvas' | null>(null);
  // Made on mount, not at first render: StrictMode mounts twice, and the second mount must not get the
  // first one's destroyed store.
  useEffect(() => {
    const made = { store: new TextureStore(), frames: new FrameRequests() };
    setParts(made); // eslint-disable-line react-hooks/set-state-in-effect
    return () => {
      made.frames.close();
      made.store.destroy();
    };
  }, []);

  const context: StageContext | null = useMemo(
    () => (size ? { fit: fitStage(size), resolution: size.resolution, reducedMotion: motion } : null),
    [size, motion],
  );
  const scene = useMemo(() => ({ background, sprite, line, textSpeed, indicator, dialogueHidden, context }), [background, sprite, line, textSpeed, indicator, dialogueHidden, context]);
  useLayoutEffect(() => parts?.frames.want(scene), [parts, scene]);
  const latest = useRef({ onProgress, context });
  useLayoutEffect(() => {
    latest.current = { onProgress, context };
  });
  useEffect(() => reader.listen({ progress: (revealed, complete) => latest.current.onProgress?.(revealed, complete) }), [reader]);

  useImperativeHandle<StageHandle | null, StageHandle | null>(
    ref,
    () =>
      parts && drawnBy
        ? {
            revealAll: () => reader.revealAll(),
            get revealed() {
              return reader.revealed;
            },
            get complete() {
              return reader.complete;
            },
            get layout() {
              return latest.current.context?.fit.orientation ?? 'landscape';
            },
            renderer: drawnBy,
            textGeometry: () => reader.geometry(),
            settled: () => parts.frames.settled(),
          }
        : null,
    [parts, drawnBy, reader],
  );

  return (
    // The DOM overlay carries the text for assistive technology.
    <div ref={host} aria-hidden="true" style={{ position: 'absolute', inset: 0 }}>
      {size && parts && context && (
        <Application
          width={size.width}
          height={size.height}
          resolution={size.resolution}
          autoDensity
          antialias
          background={BAR_COLOR}
          // WebGPU adds nothing to a scene of a few quads and its adapters are the least predictable; the 2D
          // canvas keeps the reader working where WebGL is off or only emulated (renderer-choice.ts).
          // (Pixi's Application passes this to autoDetectRenderer, which takes a list; its own type does not say so.)
          preference={rendererPreference(renderer ?? 'auto') as unknown as 'webgl'}
          failIfMajorPerformanceCaveat={renderer !== 'webgl'}
          // The stage is drawn on demand; keeping the last frame lets it be read back between renders
          // (screenshots, the alignment test) at no cost worth measuring.
          preserveDrawingBuffer
          onInit={(app) => setDrawnBy(app.renderer.name === 'canvas' ? 'canvas' : 'webgl')}
        >
          <StageScene
            context={context}
            store={parts.store}
            frames={parts.frames}
            background={background}
            sprite={sprite}
            scene={scene}
            reader={reader}
            line={line}
            textSpeed={textSpeed}
            indicator={indicator}
            hidden={dialogueHidden}
            onGeometry={onGeometry}
          />
        </Application>
      )}
    </div>
  );
});
