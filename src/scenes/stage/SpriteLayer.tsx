/**
 * The character layer. A new character rises gently into place while the one before fades away; the same
 * character with a new expression cross-fades in place (the new picture over the old, so the figure never
 * turns see-through). A picture that fails falls back to the neutral sprite; if that fails too the figure
 * simply leaves. Everything is in design units.
 */
import type { Sprite } from 'pixi.js';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FigureMotion } from '../../engine/figure-motion';
import type { StageContext } from '../../engine/stage-context';
import type { TextureHandle, TextureStore } from '../../engine/texture-store';
import { DesignSpace } from './DesignSpace';
import { useBusy, useFrameStep, useStageScope } from './stage-scope';

export interface SpriteView {
  key: string;
  url: string;
  fallbackUrl: string;
}

/** A figure on the stage. */
interface Figure {
  id: number;
  key: string;
  handle: TextureHandle;
  motion: FigureMotion;
}

let nextFigure = 0;

const viewKey = (view: SpriteView | null) => (view ? JSON.stringify([view.key, view.url, view.fallbackUrl]) : 'none');

async function load(store: TextureStore, view: SpriteView): Promise<TextureHandle | null> {
  const handle = await store.acquire(view.url);
  if (handle || !view.fallbackUrl || view.fallbackUrl === view.url) return handle;
  return store.acquire(view.fallbackUrl);
}

/** Starts every figure leaving: cross-fading under its successor if `swapFor` is its key, fading out otherwise. */
function sendAway(figures: Figure[], swapFor: string | null, context: StageContext): void {
  for (const figure of figures) figure.motion.leave(figure.key === swapFor, figure.handle.texture, context);
}

export function SpriteLayer({ view }: { view: SpriteView | null }) {
  const { store, context } = useStageScope();
  const key = viewKey(view);
  const [figures, setFigures] = useState<Figure[]>([]);
  const wanted = useRef(key);
  const presented = useRef('none');
  const latest = useRef({ figures, context });
  useLayoutEffect(() => {
    wanted.current = key;
    latest.current = { figures, context };
  });
  useBusy(() => presented.current !== wanted.current || latest.current.figures.some((f) => f.motion.moving));

  useEffect(() => {
    let live = true;
    const leave = () => {
      sendAway(latest.current.figures, null, latest.current.context);
      setFigures((list) => [...list]);
      presented.current = key;
    };
    if (key === 'none') {
      leave();
      return;
    }
    const [figureKey, url, fallbackUrl] = JSON.parse(key) as [string, string, string];
    void load(store, { key: figureKey, url, fallbackUrl }).then((handle) => {
      if (!live) return handle?.release();
      if (!handle) return leave();
      presented.current = key;
      const current = latest.current.figures.filter((f) => !f.motion.leaving).at(-1);
      if (current && current.key === figureKey && current.handle.texture === handle.texture) {
        handle.release(); // the fallback turned out to be the picture already shown
        return;
      }
      const sameCharacter = current?.key === figureKey;
      sendAway(latest.current.figures, sameCharacter ? figureKey : null, latest.current.context);
      const figure: Figure = { id: nextFigure++, key: figureKey, handle, motion: new FigureMotion(sameCharacter ? 'swap-in' : 'enter') };
      setFigures((list) => [...list, figure]);
    });
    return () => {
      live = false;
    };
  }, [key, store]);

  const gone = (id: number) => setFigures((list) => list.filter((f) => f.id !== id));
  return (
    <DesignSpace>
      {figures.map((figure) => (
        <FigureSprite key={figure.id} figure={figure} onGone={() => gone(figure.id)} />
      ))}
    </DesignSpace>
  );
}

function FigureSprite({ figure, onGone }: { figure: Figure; onGone: () => void }) {
  const { context } = useStageScope();
  const ref = useRef<Sprite>(null);
  const { handle, motion } = figure;
  useEffect(() => () => handle.release(), [handle]);
  useFrameStep((ms) => {
    const sprite = ref.current;
    if (!motion.moving || !sprite) return false;
    motion.advance(ms);
    const place = motion.place(handle.texture, context);
    sprite.alpha = place.alpha;
    sprite.position.set(place.x, place.y);
    if (motion.gone) onGone();
    return true;
  });
  const place = motion.place(handle.texture, context);
  return <pixiSprite ref={ref} texture={handle.texture} x={place.x} y={place.y} width={place.width} height={place.height} alpha={place.alpha} />;
}
