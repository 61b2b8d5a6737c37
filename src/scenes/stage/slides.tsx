/**
 * What the background can show, one component per state: the picture, the loading placeholder and the
 * notices for a picture that failed or does not exist. Pictures and shapes are in design units; words in CSS
 * px, so text is rasterised at the screen's own density.
 */
import { CanvasTextMetrics, TextStyle, type Graphics, type Texture } from 'pixi.js';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { backdropTexture, type BackdropTone } from '../../engine/backdrop';
import { DIALOGUE_FAMILY, DIALOGUE_WEIGHT, NAME_FAMILY, NAME_WEIGHT } from '../../engine/fonts';
import { pulse } from '../../engine/motion';
import { sceneGeometry } from '../../engine/scene-geometry';
import { backgroundArea, designToCss, snapToDevicePixel } from '../../engine/stage-fit';
import { DesignSpace } from './DesignSpace';
import { useFrameOnCommit, useFrameStep, useStageScope } from './stage-scope';

/** A gradient painted in code, owned by the slide showing it. */
function useBackdrop(tone: BackdropTone): Texture {
  const texture = useMemo(() => backdropTexture(tone), [tone]);
  useEffect(() => () => texture.destroy(true), [texture]);
  return texture;
}

export function PictureSlide({ picture }: { picture: Texture }) {
  const { fit } = useStageScope().context;
  useFrameOnCommit();
  return (
    <DesignSpace>
      <pixiCoverSprite picture={picture} area={backgroundArea(fit)} />
    </DesignSpace>
  );
}

const DOT_SPACING = 26;
const drawDot = (g: Graphics) => g.clear().circle(0, 0, 7).fill({ color: 0xe6e0ff });

/**
 * Loading: a soft dusk gradient with three dots swelling in turn (still, when motion is reduced). The dots say
 * "wait", so they are left out where something is there to read already.
 */
export function LoadingSlide({ dots }: { dots: boolean }) {
  const { fit, reducedMotion } = useStageScope().context;
  const backdrop = useBackdrop('loading');
  const area = backgroundArea(fit);
  const refs = useRef<(Graphics | null)[]>([]);
  const elapsed = useRef(0);
  useFrameOnCommit();

  const swell = (index: number, elapsedMs: number) => (reducedMotion ? 0.5 : pulse(elapsedMs, index));
  useFrameStep((ms) => {
    if (reducedMotion || !dots) return false;
    elapsed.current += ms;
    refs.current.forEach((dot, index) => {
      if (!dot) return;
      dot.alpha = 0.35 + 0.55 * swell(index, elapsed.current);
      dot.scale.set(0.8 + 0.35 * swell(index, elapsed.current));
    });
    return true;
  });

  // Centred over the open space above the dialogue box.
  const centerY = sceneGeometry(fit.orientation).box.y * 0.46;
  return (
    <DesignSpace>
      <pixiSprite texture={backdrop} x={area.x} y={area.y} width={area.width} height={area.height} />
      {dots &&
        [0, 1, 2].map((index) => (
          <pixiGraphics
            key={index}
            ref={(dot) => {
              refs.current[index] = dot;
            }}
            alpha={0.35 + 0.55 * swell(index, 0)}
            scale={0.8 + 0.35 * swell(index, 0)}
            x={fit.design.width / 2 + (index - 1) * DOT_SPACING}
            y={centerY}
            draw={drawDot}
          />
        ))}
    </DesignSpace>
  );
}

export type NoticeKind = 'error' | 'missing';

/** The notice texts (SPEC §2, reader screen). */
export const NOTICES = {
  error: () => ({ title: 'Background could not be loaded', detail: null }),
  missing: (location: string, time: string) => ({ title: 'Background Not Available', detail: `Missing background for ${location} at ${time}` }),
};

/**
 * A notice instead of a picture: a dark backdrop and a small glass card in the top-left corner, where neither
 * the character (centred) nor the dialogue box (bottom) nor the reader's toolbar (top-right) covers it.
 */
export function NoticeSlide({ kind, title, detail }: { kind: NoticeKind; title: string; detail: string | null }) {
  const { context, fontEpoch } = useStageScope();
  const { fit, resolution } = context;
  const backdrop = useBackdrop('notice');
  useFrameOnCommit();
  const card = useMemo(() => noticeCard(fit, resolution, title, detail), [fit, resolution, title, detail, fontEpoch]); // eslint-disable-line react-hooks/exhaustive-deps
  const draw = useCallback((g: Graphics) => drawCard(g.clear(), card, kind), [card, kind]);
  const area = backgroundArea(fit);
  return (
    <>
      <DesignSpace>
        <pixiSprite texture={backdrop} x={area.x} y={area.y} width={area.width} height={area.height} />
      </DesignSpace>
      <pixiGraphics draw={draw} />
      <pixiText text={title} resolution={resolution} style={card.titleStyle} x={card.textX} y={card.titleY} />
      {detail && card.detailStyle && <pixiText text={detail} resolution={resolution} style={card.detailStyle} x={card.textX} y={card.detailY} />}
    </>
  );
}

type Card = ReturnType<typeof noticeCard>;

/** The card's size and the place of its words, from the words' measured size (fonts re-measured as they arrive). */
function noticeCard(fit: ReturnType<typeof useStageScope>['context']['fit'], resolution: number, title: string, detail: string | null) {
  const area = backgroundArea(fit);
  const portrait = fit.orientation === 'portrait';
  const s = fit.scale;
  const margin = (portrait ? 36 : 32) * s;
  const padding = (portrait ? 26 : 22) * s;
  const icon = (portrait ? 46 : 38) * s;
  const gap = (portrait ? 20 : 16) * s;
  const titleSize = (portrait ? 30 : 22) * s;
  const detailSize = (portrait ? 23 : 16) * s;
  const areaCss = designToCss(fit, area);
  const maxText = Math.max(40, areaCss.width - 2 * margin - 2 * padding - icon - gap);
  const titleStyle = new TextStyle({ fontFamily: NAME_FAMILY, fontWeight: String(NAME_WEIGHT) as '700', fontSize: titleSize, fill: 0xf3effa, wordWrap: true, wordWrapWidth: maxText, breakWords: true });
  const detailStyle = detail
    ? new TextStyle({ fontFamily: DIALOGUE_FAMILY, fontWeight: String(DIALOGUE_WEIGHT) as '400', fontSize: detailSize, fill: 0xb4b3c9, lineHeight: detailSize * 1.45, wordWrap: true, wordWrapWidth: maxText, breakWords: true })
    : null;
  const titleBox = CanvasTextMetrics.measureText(title, titleStyle);
  const detailBox = detail && detailStyle ? CanvasTextMetrics.measureText(detail, detailStyle) : null;
  const textWidth = Math.max(titleBox.width, detailBox?.width ?? 0);
  const between = detailBox ? detailSize * 0.35 : 0;
  const textHeight = titleBox.height + between + (detailBox?.height ?? 0);
  const height = Math.max(icon, textHeight) + 2 * padding;
  const width = padding + icon + gap + textWidth + padding;
  const snap = (v: number) => snapToDevicePixel(v, resolution);
  const x = snap(areaCss.x + margin);
  const y = snap(areaCss.y + margin);
  const titleY = snap(y + (height - textHeight) / 2);
  return {
    x,
    y,
    width,
    height,
    radius: 16 * s,
    border: Math.max(1, 1.5 * s),
    icon: { x: x + padding, y: y + (height - icon) / 2, size: icon },
    titleStyle,
    detailStyle,
    textX: snap(x + padding + icon + gap),
    titleY,
    detailY: snap(titleY + titleBox.height + between),
  };
}

function drawCard(g: Graphics, card: Card, kind: NoticeKind): void {
  g.roundRect(card.x, card.y, card.width, card.height, card.radius)
    .fill({ color: 0x0b0d18, alpha: 0.72 })
    .stroke({ width: card.border, color: 0xffffff, alpha: 0.12, alignment: 1 });
  drawIcon(g, card.icon.x, card.icon.y, card.icon.size, kind);
}

/** A picture frame with a hill and a sun; for a load error, a diagonal stroke through it. */
function drawIcon(g: Graphics, x: number, y: number, size: number, kind: NoticeKind): void {
  const accent = kind === 'error' ? 0xf0b37e : 0xb8b2ee;
  const line = Math.max(1.25, size * 0.06);
  const w = size;
  const h = size * 0.8;
  const top = y + (size - h) / 2;
  g.roundRect(x, top, w, h, size * 0.14).stroke({ width: line, color: accent, alpha: 0.95 });
  g.circle(x + w * 0.68, top + h * 0.32, size * 0.08).fill({ color: accent, alpha: 0.95 });
  g.poly([x + w * 0.12, top + h * 0.84, x + w * 0.38, top + h * 0.5, x + w * 0.58, top + h * 0.72, x + w * 0.7, top + h * 0.6, x + w * 0.88, top + h * 0.84], false).stroke({
    width: line,
    color: accent,
    alpha: 0.95,
    join: 'round',
    cap: 'round',
  });
  if (kind === 'error') {
    // The slash cuts through the frame: a card-coloured groove first, so the two strokes do not merge.
    const from = [x + w * 0.04, y + size * 0.04] as const;
    const to = [x + w * 0.96, y + size * 0.96] as const;
    g.moveTo(...from).lineTo(...to).stroke({ width: line * 3.2, color: 0x0b0d18, cap: 'round' });
    g.moveTo(...from).lineTo(...to).stroke({ width: line * 1.2, color: accent, cap: 'round' });
  }
}
