import { useLayoutEffect, useRef } from 'react';
import type { BacklogScene } from './backlog-types';
import { ReaderPanel } from './ReaderPanel';

export interface BacklogPanelProps {
  scenes: BacklogScene[];
  /** Earlier scenes of the path are on the server: null when there are none. */
  earlier?: 'idle' | 'loading' | 'failed' | null;
  onShowEarlier?(): void;
  /** Takes a choice not taken at a past scene. */
  onReadOtherPath?(sceneId: string, choiceId: string): void;
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
 * Story Backlog (SPEC §2): every scene of the path read, from scene 1, with its number, location, lines and
 * the choice made, and from each past choice the paths not taken. Opens scrolled to the latest line, and
 * follows new lines while the learner is at the end.
 */
export function BacklogPanel({ scenes, earlier = null, onShowEarlier, onReadOtherPath, onSpeak, onClose }: BacklogPanelProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);

  // Earlier scenes arrive above what the learner is reading: the view stays on the same lines.
  const kept = useRef<{ first: string | undefined; fromBottom: number } | null>(null);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (earlier === 'failed') kept.current = null;
    if (kept.current) {
      if (kept.current.first === scenes[0]?.sceneId) return;
      element.scrollTop = element.scrollHeight - kept.current.fromBottom;
      kept.current = null;
    } else if (atEnd.current) element.scrollTop = element.scrollHeight;
  }, [scenes, earlier]);
  const showEarlier = () => {
    const element = scrollRef.current;
    if (element) kept.current = { first: scenes[0]?.sceneId, fromBottom: element.scrollHeight - element.scrollTop };
    onShowEarlier?.();
  };

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
        {earlier && onShowEarlier && (
          <p className="rp-backlog__earlier">
            <button type="button" className="btn btn-small btn-ghost" disabled={earlier === 'loading'} onClick={showEarlier}>
              {earlier === 'loading' ? 'Loading earlier scenes…' : 'Show earlier scenes'}
            </button>
            {earlier === 'failed' && <span role="alert"> Earlier scenes could not be loaded. Try again.</span>}
          </p>
        )}
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
              {scene.otherPaths.length > 0 && onReadOtherPath && (
                <div className="rp-backlog__paths" role="group" aria-label={`Other paths from scene ${scene.sceneNumber}`}>
                  <span className="rp-backlog__paths-label">Read the other path:</span>
                  {scene.otherPaths.map((path) => (
                    <button
                      key={path.id}
                      type="button"
                      className="rp-backlog__path"
                      aria-label={`Read the other path: ${path.text}${path.readBefore ? ' (read before)' : ''}`}
                      onClick={() => onReadOtherPath(scene.sceneId, path.id)}
                    >
                      {path.text}
                      {path.readBefore && <span className="rp-backlog__path-note"> · read before</span>}
                    </button>
                  ))}
                </div>
              )}
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
