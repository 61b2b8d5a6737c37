/**
 * The dialogue box: the panel, the speaker's name plate, the line's text revealed by the typewriter and the
 * continue mark. The panel is a shape in design units; the name and the text are drawn in CSS px at the
 * screen's density. What the line is, page by page, is the DialogueReader's (src/engine/dialogue-reader.ts).
 */
import type { Container } from 'pixi.js';
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { ContinueKind } from '../../engine/continue-indicator';
import type { DialogueReader, LineView, TextGeometry } from '../../engine/dialogue-reader';
import { easeInOutSine, Transition, TRANSITION_MS } from '../../engine/motion';
import { ContinueIndicator } from './ContinueIndicator';
import { DialoguePanel } from './DialoguePanel';
import { NamePlate } from './NamePlate';
import { useBusy, useFrameOnCommit, useFrameStep, useStageScope } from './stage-scope';

export interface DialogueBoxProps {
  reader: DialogueReader;
  line: LineView | null;
  /** Characters per second. */
  textSpeed: number;
  indicator: ContinueKind | null;
  /** Out of sight so the picture can be seen whole; the line stays where it was and the typewriter waits. */
  hidden: boolean;
  onGeometry?(geometry: TextGeometry | null): void;
}

export function DialogueBox({ reader, line, textSpeed, indicator, hidden, onGeometry }: DialogueBoxProps) {
  const { context, fontEpoch } = useStageScope();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const box = useRef<Container>(null);
  useLayoutEffect(() => reader.listen({ drawn: redraw, progress: redraw }), [reader]);
  useLayoutEffect(() => reader.setTextSpeed(textSpeed), [reader, textSpeed]);
  useLayoutEffect(() => reader.show(line, context), [reader, line]); // eslint-disable-line react-hooks/exhaustive-deps
  useLayoutEffect(() => reader.layout(context), [reader, context]);
  useEffect(() => reader.refreshFonts(context), [fontEpoch]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => reader.destroy(), [reader]);
  useFrameOnCommit();

  const drawing = reader.drawing;
  const latestGeometry = useRef(onGeometry);
  useLayoutEffect(() => {
    latestGeometry.current = onGeometry;
  });
  useLayoutEffect(() => latestGeometry.current?.(reader.geometry()), [reader, drawing]);

  // The box fades in with the first line and out when no line is left.
  const showing = line !== null;
  const [fade, setFade] = useState<{ showing: boolean; transition: Transition | null }>({ showing: false, transition: null });
  if (fade.showing !== showing) setFade({ showing, transition: new Transition(TRANSITION_MS, easeInOutSine) });
  const { transition } = fade;
  useBusy(() => reader.busy || !!(transition && !transition.done));
  const alpha = () => (transition && !transition.done ? (showing ? transition.progress : 1 - transition.progress) : showing ? 1 : 0);
  useFrameStep((ms) => {
    if (!transition || transition.done || !box.current) return false;
    transition.advance(ms);
    box.current.alpha = alpha();
    return true;
  });
  // The typewriter's clock, from the moment the line was laid out (see DialogueReader.advance).
  useFrameStep(() => {
    reader.advance(performance.now(), !hidden);
    return false;
  });

  const speaker = reader.speaker;
  return (
    <pixiContainer ref={box} alpha={alpha()} visible={!hidden}>
      <DialoguePanel />
      {speaker && <NamePlate speaker={speaker} />}
      <pixiGlyphText drawing={drawing} revealedTo={reader.revealed} />
      <ContinueIndicator mark={reader.mark(indicator)} />
    </pixiContainer>
  );
}
