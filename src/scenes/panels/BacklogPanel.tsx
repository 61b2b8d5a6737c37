import { useLayoutEffect, useRef } from 'react';
import type { BacklogScene } from './backlog-types';
import { ReaderPanel } from './ReaderPanel';

export interface BacklogPanelProps {
  scenes: BacklogScene[];
  /** Reads a line aloud; absent where the browser has no voice for the story's language. */
  onSpeak?: (text: string) => void;
  onClose(): void;
}

/** Within this many pixels of the end, the backlog counts as scrolled to the latest line. */
const STICK_PX = 32;

const isNarration = (speaker: string) => {
  const name = speaker.trim().toLowerCase();
  return name === '' || name === 'narrator';
};

/**
 * Story Backlog (SPEC §2): every scene read so far with its number, location, lines and the choice
 * made. Opens scrolled to the latest line, and follows new lines while the learner is at the end.
 */
export function BacklogPanel({ scenes, onSpeak, onClose }: BacklogPanelProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && atEnd.current) element.scrollTop = element.scrollHeight;
  }, [scenes]);

  const visible = scenes.filter((scene) => scene.lines.length > 0 || scene.choiceMade);

  return (
    <ReaderPanel title="Story Backlog" onClose={onClose} className="rp-panel--backlog">
      <div
        ref={scrollRef}
        className="rp-panel__body rp-backlog"
        tabIndex={0}
        role="region"
        aria-label="Story so far"
        onScroll={(event) => {
          const element = event.currentTarget;
          atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight <= STICK_PX;
        }}
      >
        {visible.length === 0 ? (
          <p className="rp-empty">No scenes to display yet</p>
        ) : (
          visible.map((scene) => (
            <section key={scene.sceneId} className="rp-backlog__scene" aria-labelledby={`rp-backlog-${scene.sceneId}`}>
              <header className="rp-backlog__scene-header">
                <h3 id={`rp-backlog-${scene.sceneId}`} className="rp-backlog__scene-title">
                  Scene {scene.sceneNumber}
                </h3>
                {scene.location ? <span className="rp-backlog__location">{scene.location}</span> : null}
              </header>
              <ol className="rp-backlog__lines">
                {scene.lines.map((line, index) =>
                  isNarration(line.speaker) ? (
                    <li key={index} className="rp-line rp-line--narration">
                      <span className="rp-line__text">{line.text}</span>
                      {onSpeak && <ListenButton onClick={() => onSpeak(line.text)} />}
                    </li>
                  ) : (
                    <li key={index} className="rp-line">
                      <strong className="rp-line__speaker">{line.speaker}</strong>
                      <span className="rp-line__text">{line.text}</span>
                      {onSpeak && <ListenButton onClick={() => onSpeak(line.text)} />}
                    </li>
                  ),
                )}
              </ol>
              {scene.choiceMade ? (
                <p className="rp-backlog__choice">
                  <span aria-hidden="true" className="rp-backlog__choice-mark">
                    ➜
                  </span>{' '}
                  You chose: {scene.choiceMade}
                </p>
              ) : null}
            </section>
          ))
        )}
      </div>
    </ReaderPanel>
  );
}

function ListenButton({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className="rp-line__listen" aria-label="Read this line aloud" title="Read aloud" onClick={onClick}>
      <span aria-hidden="true">▶</span>
    </button>
  );
}
