/** What every part of the stage's tree shares: the stage's size and density, its pictures and its frames. */
import { useTick } from '@pixi/react';
import { createContext, useCallback, useContext, useLayoutEffect, useRef } from 'react';
import type { Ticker } from 'pixi.js';
import type { FrameRequests } from '../../engine/frame-requests';
import type { StageContext } from '../../engine/stage-context';
import type { TextureStore } from '../../engine/texture-store';

export interface StageScope {
  context: StageContext;
  store: TextureStore;
  frames: FrameRequests;
  /** Counts font faces arriving: text laid out before its faces came is laid out again. */
  fontEpoch: number;
}

export const StageScopeContext = createContext<StageScope | null>(null);

export function useStageScope(): StageScope {
  const scope = useContext(StageScopeContext);
  if (!scope) throw new Error('a stage part outside <ReaderStage>');
  return scope;
}

/** A part that changed what it shows asks for a frame (the stage draws on demand). */
export function useFrameOnCommit(): void {
  const { frames } = useStageScope();
  useLayoutEffect(() => frames.request());
}

/** Counts the part as busy (for `settled`) while `busy()` is true. */
export function useBusy(busy: () => boolean): void {
  const { frames } = useStageScope();
  const latest = useRef(busy);
  useLayoutEffect(() => {
    latest.current = busy;
  });
  useLayoutEffect(() => frames.track(() => latest.current()), [frames]);
}

/**
 * Runs `step` each frame with the milliseconds since the last; it returns whether the picture changed, and a
 * frame is asked for if so. The latest `step` runs, without re-registering with the ticker on every render.
 */
export function useFrameStep(step: (elapsedMs: number) => boolean): void {
  const { frames } = useStageScope();
  const latest = useRef(step);
  useLayoutEffect(() => {
    latest.current = step;
  });
  const callback = useCallback(
    (ticker: Ticker) => {
      if (latest.current(ticker.elapsedMS)) frames.request();
    },
    [frames],
  );
  useTick(callback);
}
