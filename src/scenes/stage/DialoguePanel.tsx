import type { Graphics } from 'pixi.js';
import { memo, useCallback } from 'react';
import { sceneGeometry } from '../../engine/scene-geometry';
import { DesignSpace } from './DesignSpace';
import { useFrameOnCommit, useStageScope } from './stage-scope';

/** The dialogue box's glass panel, in design units. Drawn again only when the layout turns (memo, stable draw). */
export const DialoguePanel = memo(function DialoguePanel() {
  const { orientation } = useStageScope().context.fit;
  useFrameOnCommit();
  const draw = useCallback(
    (g: Graphics) => {
      const { box, boxRadius } = sceneGeometry(orientation);
      g.clear()
        .roundRect(box.x, box.y, box.width, box.height, boxRadius)
        .fill({ color: 0x0d0f1e, alpha: 0.8 })
        .stroke({ width: 2, color: 0xffffff, alpha: 0.16, alignment: 1 });
      // A faint inner rule: the glass edge that makes the panel read as an object, not a smear.
      g.roundRect(box.x + 7, box.y + 7, box.width - 14, box.height - 14, boxRadius - 5).stroke({ width: 1, color: 0xffffff, alpha: 0.06 });
    },
    [orientation],
  );
  return (
    <DesignSpace>
      <pixiGraphics draw={draw} />
    </DesignSpace>
  );
});
