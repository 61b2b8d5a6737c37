import { useEffect, useState } from 'react';
import type { Language } from '../../shared/language';
import { undoWordChange } from '../../state/word-knowledge';
import { failureMessage } from '../panels/error-message';

/** How long the summary stays: long enough to read it and reach Undo. */
export const WORDS_SUMMARY_MS = 10_000;

export interface WordsMarked {
  count: number;
  changeId: string;
  language: Language;
}

const words = (n: number) => `${n} ${n === 1 ? 'word' : 'words'}`;

/** "14 words marked known · Undo" after a scene's end; Undo puts every one of them back as it was. */
export function WordsSummary({ marked, onDone }: { marked: WordsMarked; onDone(): void }) {
  const [outcome, setOutcome] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const timer = setTimeout(onDone, outcome ? 2_500 : WORDS_SUMMARY_MS);
    return () => clearTimeout(timer);
  }, [onDone, outcome]);

  const undo = () => {
    setBusy(true);
    undoWordChange(marked.language, marked.changeId).then(
      (restored) => setOutcome(`Undone: ${words(restored)} back to new`),
      (caught: unknown) => {
        setBusy(false);
        setOutcome(failureMessage(caught, 'Could not undo. Try again.'));
      },
    );
  };

  return (
    <div className="reader-words-summary" role="status" onClick={(event) => event.stopPropagation()}>
      {outcome ?? (
        <>
          <span>{words(marked.count)} marked known</span>
          <span aria-hidden="true"> · </span>
          <button type="button" className="reader-words-summary__undo" disabled={busy} onClick={undo}>
            Undo
          </button>
        </>
      )}
    </div>
  );
}

/** Vocabulary mode's key to its colours and lines. */
export function WordLegend() {
  return (
    <p className="reader-word-legend" aria-label="Word colours" onClick={(event) => event.stopPropagation()}>
      <span className="reader-word-legend__item">
        <span className="reader-word-legend__swatch reader-word-legend__swatch--new" aria-hidden="true" /> New
      </span>
      <span className="reader-word-legend__item">
        <span className="reader-word-legend__swatch reader-word-legend__swatch--learning" aria-hidden="true" /> Learning 1–4
      </span>
      <span className="reader-word-legend__item">
        <span className="reader-word-legend__swatch reader-word-legend__swatch--known" aria-hidden="true" /> Known (plain)
      </span>
      <span className="reader-word-legend__item">
        <span className="reader-word-legend__dot" aria-hidden="true" /> Due for review
      </span>
    </p>
  );
}
