import type { Graphics } from 'pixi.js';
import { memo, useCallback, useMemo } from 'react';
import { nameFontReady, namePlateLayout } from '../../engine/name-plate';
import { useFrameOnCommit, useStageScope } from './stage-scope';

/** The speaker's name on a pill straddling the panel's top edge (narration has none). */
export const NamePlate = memo(function NamePlate({ speaker }: { speaker: string }) {
  const { context, fontEpoch } = useStageScope();
  // Laid out again as fonts arrive only while its own are missing: rasterising the name again would only add
  // work to the frame that draws a new line.
  const refresh = nameFontReady(context, speaker) ? 0 : fontEpoch;
  const plate = useMemo(() => namePlateLayout(context, speaker), [context, speaker, refresh]); // eslint-disable-line react-hooks/exhaustive-deps
  useFrameOnCommit();
  const draw = useCallback(
    (g: Graphics) =>
      g
        .clear()
        .roundRect(plate.x, plate.y, plate.width, plate.height, plate.height / 2)
        .fill({ color: 0xb9557b, alpha: 0.97 })
        .stroke({ width: plate.border, color: 0xffffff, alpha: 0.38, alignment: 1 }),
    [plate],
  );
  return (
    <>
      <pixiGraphics draw={draw} />
      <pixiGlyphText drawing={plate.name} />
    </>
  );
});
