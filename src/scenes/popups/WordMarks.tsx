import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Language } from '../../shared/language';
import { LEARNING_STAGES, NEW_WORD, type WordState } from '../../shared/words';
import { markWord, wordKnowledge, wordState } from '../../state/word-knowledge';
import { failureMessage } from '../panels/error-message';

interface WordMarksProps {
  wordKey: string;
  language: Language;
  storyId?: string;
}

const KNOWN: WordState = { status: 'known', stage: 0 };
const IGNORED: WordState = { status: 'ignored', stage: 0 };
const learning = (stage: number): WordState => ({ status: 'learning', stage });
const same = (a: WordState, b: WordState) => a.status === b.status && a.stage === b.stage;

/** The state a key of the popup asks for: K known, 1–4 learning, I ignore. */
function stateForKey(key: string): WordState | null {
  if (key === 'k' || key === 'K') return KNOWN;
  if (key === 'i' || key === 'I') return IGNORED;
  const stage = Number(key);
  return LEARNING_STAGES.some((s) => s === stage) ? learning(stage) : null;
}

/**
 * What the learner knows of the word, marked with one tap or key. Pressing the status the word has takes
 * it back to new, so every mark can be undone where it was made.
 */
export function WordMarks({ wordKey, language, storyId }: WordMarksProps) {
  const snap = useSnapshot(wordKnowledge);
  const current = wordState(snap.states, language, wordKey);
  const [error, setError] = useState<string | null>(null);

  const choose = (wanted: WordState) => {
    setError(null);
    const next = same(current, wanted) ? NEW_WORD : wanted;
    markWord(language, wordKey, next, storyId).catch((caught: unknown) => setError(failureMessage(caught, 'Could not mark the word. Try again.')));
  };

  // The popup's own keys come before the reader's (K is also Skip there).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const wanted = stateForKey(event.key);
      if (!wanted) return;
      event.preventDefault();
      event.stopPropagation();
      choose(wanted);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  });

  const button = (wanted: WordState, label: string, title: string, className: string, name?: string) => (
    <button
      type="button"
      className={`rp-mark ${className}`}
      aria-label={name}
      aria-pressed={same(current, wanted)}
      title={title}
      onClick={() => choose(wanted)}
    >
      {label}
    </button>
  );

  return (
    <div className="rp-popup__marks">
      <div className="rp-marks" role="group" aria-label="What you know of this word">
        {button(KNOWN, 'Known', 'Known (K)', 'rp-mark--known')}
        <span className="rp-marks__learning" role="group" aria-label="Learning">
          <span className="rp-marks__label" aria-hidden="true">
            Learning
          </span>
          {LEARNING_STAGES.map((stage) => (
            <span key={stage} className="rp-marks__stage">
              {button(learning(stage), String(stage), `Learning, stage ${stage} of 4 (${stage})`, 'rp-mark--learning', `Learning ${stage}`)}
            </span>
          ))}
        </span>
        {button(IGNORED, 'Ignore', 'Ignore: a name or a sound (I)', 'rp-mark--ignore')}
      </div>
      {error ? (
        <p className="rp-popup__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
