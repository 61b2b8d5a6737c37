/**
 * Inside <Application>: sizes the renderer to the stage, draws on demand, follows fonts as they arrive and
 * stacks the layers back to front. Words of a layer sit right above its pictures, so a character covers a
 * background notice.
 */
import { useApplication, useTick } from '@pixi/react';
import { UPDATE_PRIORITY } from 'pixi.js';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { onFontsLoaded } from '../../engine/fonts';
import { forgetMeasurements } from '../../engine/glyph-metrics';
import type { FrameRequests } from '../../engine/frame-requests';
import type { StageContext } from '../../engine/stage-context';
import type { TextureStore } from '../../engine/texture-store';
import { BackgroundLayer, type BackgroundView } from './BackgroundLayer';
import { DialogueBox, type DialogueBoxProps } from './DialogueBox';
import { SpriteLayer, type SpriteView } from './SpriteLayer';
import { StageScopeContext, type StageScope } from './stage-scope';
import './pixi-elements';

export interface StageSceneProps extends DialogueBoxProps {
  context: StageContext;
  store: TextureStore;
  frames: FrameRequests;
  background: BackgroundView;
  sprite: SpriteView | null;
  /** The props as one value, new whenever one changes: the frames know once the tree has taken them in. */
  scene: object;
}

/** Memoised: the stage's tree renders again only when its props change. */
export const StageScene = memo(function StageScene({ context, store, frames, background, sprite, scene, ...dialogue }: StageSceneProps) {
  // A second render while the Application initialises reaches this tree before its renderer exists.
  const { app, isInitialised } = useApplication();
  const [fontEpoch, setFontEpoch] = useState(0);
  const scope: StageScope = useMemo(() => ({ context, store, frames, fontEpoch }), [context, store, frames, fontEpoch]);

  // @pixi/react's resizeTo follows only the window; the stage follows its host, before paint.
  const { width, height } = context.fit.host;
  useLayoutEffect(() => {
    if (!isInitialised) return;
    app.renderer.resize(width, height, context.resolution);
    frames.request();
  }, [app, isInitialised, width, height, context.resolution, frames]);

  // The ticker renders only when a part asked for a frame, after every part's step (UTILITY runs last).
  useLayoutEffect(() => {
    if (!isInitialised) return;
    app.ticker.remove(app.render, app);
    return () => void app.ticker?.add(app.render, app, UPDATE_PRIORITY.LOW);
  }, [app, isInitialised]);
  const render = useCallback(() => frames.frame(() => app.render()), [frames, app]);
  useTick({ callback: render, priority: UPDATE_PRIORITY.UTILITY });

  useEffect(
    () =>
      onFontsLoaded(() => {
        forgetMeasurements();
        setFontEpoch((epoch) => epoch + 1);
      }),
    [],
  );
  useLayoutEffect(() => {
    if (isInitialised) frames.applied(scene);
  }, [frames, scene, isInitialised]);

  if (!isInitialised) return null;
  return (
    <StageScopeContext value={scope}>
      <BackgroundLayer view={background} />
      <SpriteLayer view={sprite} />
      <DialogueBox {...dialogue} />
    </StageScopeContext>
  );
});
