/**
 * The background: shows the state it is given (loading, a picture, a load error, no picture at all) and
 * cross-fades from whatever was there before, the new slide fading in over the old so the stage never dips
 * to black between two pictures. A picture is loaded here; until it is in, the old slide stays (or the
 * loading placeholder, on an empty stage); if it fails, the error notice shows.
 */
import type { Container } from 'pixi.js';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { easeInOutSine, Transition, TRANSITION_MS } from '../../engine/motion';
import type { TextureHandle } from '../../engine/texture-store';
import { loadFont, cssFont, NAME_WEIGHT, NAME_FAMILY, DIALOGUE_WEIGHT, DIALOGUE_FAMILY } from '../../engine/fonts';
import { LoadingSlide, NOTICES, NoticeSlide, PictureSlide, type NoticeKind } from './slides';
import { useBusy, useFrameStep, useStageScope } from './stage-scope';

export type BackgroundView =
  | { state: 'loading' }
  /** Something to read is on screen but no picture has come yet: the backdrop, without the loading dots. */
  | { state: 'waiting' }
  | { state: 'loaded'; url: string }
  | { state: 'error' }
  | { state: 'missing'; location: string; time: string };

type SlideContent =
  | { kind: 'loading'; dots: boolean }
  | { kind: 'picture'; handle: TextureHandle }
  | { kind: 'notice'; notice: NoticeKind; title: string; detail: string | null };

interface Slide {
  id: number;
  /** The view it shows; a placeholder shown while a picture decodes has none. */
  view: string | null;
  content: SlideContent;
  fade: Transition | null;
}

let nextSlide = 0;

function noticeFor(view: BackgroundView): SlideContent {
  const notice = view.state === 'missing' ? NOTICES.missing(view.location, view.time) : NOTICES.error();
  return { kind: 'notice', notice: view.state === 'missing' ? 'missing' : 'error', ...notice };
}

/** A notice is shown once its fonts are in, so its card is sized for the words it will show. */
async function noticeReady(content: SlideContent): Promise<void> {
  if (content.kind !== 'notice') return;
  await Promise.all([
    loadFont(cssFont(NAME_WEIGHT, 24, NAME_FAMILY), content.title),
    content.detail ? loadFont(cssFont(DIALOGUE_WEIGHT, 18, DIALOGUE_FAMILY), content.detail) : true,
  ]);
}

export function BackgroundLayer({ view }: { view: BackgroundView }) {
  const { store } = useStageScope();
  const key = JSON.stringify(view);
  const [slides, setSlides] = useState<Slide[]>([]);
  const wanted = useRef(key);
  const latest = useRef(slides);
  useLayoutEffect(() => {
    wanted.current = key;
    latest.current = slides;
  });
  useBusy(() => latest.current.at(-1)?.view !== wanted.current || latest.current.some((s) => s.fade && !s.fade.done));

  useEffect(() => {
    let live = true;
    const shown = JSON.parse(key) as BackgroundView;
    /** Puts a slide on top, fading it in over what is there; drops it if a newer state came. */
    const present = (content: SlideContent, view: string | null) => {
      void noticeReady(content).then(() => {
        if (!live) {
          if (content.kind === 'picture') content.handle.release();
          return;
        }
        setSlides((list) => [...list, { id: nextSlide++, view, content, fade: list.length > 0 ? new Transition(TRANSITION_MS, easeInOutSine) : null }]);
      });
    };
    switch (shown.state) {
      case 'loading':
      case 'waiting':
        present({ kind: 'loading', dots: shown.state === 'loading' }, key);
        break;
      case 'error':
      case 'missing':
        present(noticeFor(shown), key);
        break;
      case 'loaded':
        // The picture is already fetched (the scene preloads it): no dots for the moment it takes to decode.
        if (latest.current.length === 0) present({ kind: 'loading', dots: false }, null);
        void store.acquire(shown.url).then((handle) => {
          if (!live) return handle?.release();
          present(handle ? { kind: 'picture', handle } : noticeFor({ state: 'error' }), key);
        });
        break;
    }
    return () => {
      live = false;
    };
  }, [key, store]);

  // Once the top slide is fully in, the ones under it can go.
  const faded = (id: number) => setSlides((list) => (list.at(-1)?.id === id ? list.slice(-1) : list));

  return slides.map((slide) => (
    <FadingIn key={slide.id} fade={slide.fade} onDone={() => faded(slide.id)}>
      <SlideView content={slide.content} />
    </FadingIn>
  ));
}

function SlideView({ content }: { content: SlideContent }) {
  // A picture's hold on its texture ends with the slide.
  useEffect(() => () => (content.kind === 'picture' ? content.handle.release() : undefined), [content]);
  switch (content.kind) {
    case 'loading':
      return <LoadingSlide dots={content.dots} />;
    case 'picture':
      return <PictureSlide picture={content.handle.texture} />;
    case 'notice':
      return <NoticeSlide kind={content.notice} title={content.title} detail={content.detail} />;
  }
}

/** Its children, faded in by `fade` (already in without one); `onDone` once the fade has run. */
function FadingIn({ fade, onDone, children }: { fade: Transition | null; onDone: () => void; children: ReactNode }) {
  const ref = useRef<Container>(null);
  useFrameStep((ms) => {
    if (!fade || fade.done || !ref.current) return false;
    fade.advance(ms);
    ref.current.alpha = fade.progress;
    if (fade.done) onDone();
    return true;
  });
  return (
    <pixiContainer ref={ref} alpha={fade ? fade.progress : 1}>
      {children}
    </pixiContainer>
  );
}
