import type { ContinueMark } from '../../engine/continue-indicator';
import type { MarkPlace } from '../../engine/dialogue-reader';
import { blinkAlpha } from '../../engine/motion';
import { useEffect, useRef } from 'react';
import { useFrameOnCommit, useFrameStep, useStageScope } from './stage-scope';

/** The continue mark (▼ or ►) after the text, blinking softly; steady when the reader asked for reduced motion. */
export function ContinueIndicator({ mark }: { mark: MarkPlace | null }) {
  const { reducedMotion } = useStageScope().context;
  const ref = useRef<ContinueMark>(null);
  const elapsed = useRef(0);
  const kind = mark?.kind ?? null;
  // Each appearance starts fully visible.
  useEffect(() => {
    elapsed.current = 0;
    if (ref.current) ref.current.alpha = 1;
  }, [kind]);
  useFrameOnCommit();
  useFrameStep((ms) => {
    const view = ref.current;
    if (!view || !kind) return false;
    elapsed.current += ms;
    const alpha = reducedMotion ? 1 : blinkAlpha(elapsed.current);
    if (alpha === view.alpha) return false;
    view.alpha = alpha;
    return true;
  });
  return <pixiContinueMark ref={ref} kind={kind} fontSize={mark?.fontSize ?? 0} x={mark?.x ?? 0} y={mark?.y ?? 0} />;
}
