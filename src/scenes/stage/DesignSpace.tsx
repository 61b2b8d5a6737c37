import type { ReactNode } from 'react';
import { useStageScope } from './stage-scope';

/** Children drawn in design units: the stage's letterbox (or portrait) fit scales and places them. */
export function DesignSpace({ children }: { children: ReactNode }) {
  const { fit } = useStageScope().context;
  return (
    <pixiContainer x={fit.offsetX} y={fit.offsetY} scale={fit.scale}>
      {children}
    </pixiContainer>
  );
}
