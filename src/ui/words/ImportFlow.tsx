import { useState } from 'react';
import { ApiError } from '../../net/http';
import { wordsApi } from '../../net/words-api';
import type { ImportPreview, ImportSource, WordChange } from '../../shared/words';

type Step =
  | { kind: 'idle' }
  | { kind: 'busy'; what: 'preview' | 'apply' | 'undo' }
  | { kind: 'preview'; source: ImportSource; preview: ImportPreview }
  | { kind: 'done'; change: WordChange | null; preview: ImportPreview }
  | { kind: 'undone'; restored: number }
  | { kind: 'error'; message: string };

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError && error.status !== 500 && error.message ? error.message : fallback);
const count = (n: number, word = 'word') => `${n.toLocaleString('en')} ${n === 1 ? word : `${word}s`}`;

/**
 * Every import goes the same way: see what would change, apply it as one change, and undo it if it was not
 * what was meant. `onChanged` tells the page to refresh what it shows of the learner's words.
 */
export function useImportFlow(onChanged?: () => void) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const preview = (source: ImportSource) => {
    setStep({ kind: 'busy', what: 'preview' });
    wordsApi.previewImport(source).then(
      (result) => setStep({ kind: 'preview', source, preview: result }),
      (error: unknown) => setStep({ kind: 'error', message: errorText(error, 'Could not read the list. Try again.') }),
    );
  };
  const apply = (source: ImportSource) => {
    setStep({ kind: 'busy', what: 'apply' });
    wordsApi.applyImport(source).then(
      (result) => {
        setStep({ kind: 'done', change: result.change, preview: result });
        onChanged?.();
      },
      (error: unknown) => setStep({ kind: 'error', message: errorText(error, 'Could not import the words. Try again.') }),
    );
  };
  const undo = (change: WordChange) => {
    setStep({ kind: 'busy', what: 'undo' });
    wordsApi.undo(change.id).then(
      (result) => {
        setStep({ kind: 'undone', restored: result.restored });
        onChanged?.();
      },
      (error: unknown) => setStep({ kind: 'error', message: errorText(error, 'Could not undo. Try again.') }),
    );
  };
  const reset = () => setStep({ kind: 'idle' });
  return { step, preview, apply, undo, reset };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;

/** What an import would change, then what it did, with Import, Undo and the lines it could not read. */
export function ImportOutcome({ flow }: { flow: ImportFlow }) {
  const { step } = flow;
  if (step.kind === 'idle') return null;
  if (step.kind === 'busy') {
    const label = { preview: 'Reading the words…', apply: 'Importing…', undo: 'Undoing…' }[step.what];
    return (
      <p className="import-outcome" role="status">
        {label}
      </p>
    );
  }
  if (step.kind === 'error') {
    return (
      <p className="alert alert-error" role="alert">
        {step.message}
      </p>
    );
  }
  if (step.kind === 'undone') {
    return (
      <p className="import-outcome" role="status">
        Undone: {count(step.restored)} back as they were.
      </p>
    );
  }
  const { preview } = step;
  const changes = preview.to_known + preview.to_learning;
  return (
    <section className="import-outcome" aria-label={step.kind === 'preview' ? 'What will change' : 'Imported'} aria-live="polite">
      <p className="import-outcome__summary">
        {step.kind === 'preview' ? (
          changes === 0 ? (
            <>Nothing to change: you already have {preview.words === 1 ? 'this word' : `all ${count(preview.words)}`} as listed.</>
          ) : (
            <>
              {count(preview.words)} found. {preview.to_known > 0 && <>{count(preview.to_known)} will be marked known. </>}
              {preview.to_learning > 0 && <>{count(preview.to_learning)} will be marked learning. </>}
              {preview.unchanged > 0 && <>{count(preview.unchanged)} already as listed.</>}
            </>
          )
        ) : (
          <>
            Imported: {preview.to_known > 0 && <>{count(preview.to_known)} marked known. </>}
            {preview.to_learning > 0 && <>{count(preview.to_learning)} marked learning. </>}
            {changes === 0 && <>nothing changed.</>}
          </>
        )}
      </p>
      {step.kind === 'preview' && preview.sample.length > 0 && (
        <ul className="import-sample" aria-label="Some of the words">
          {preview.sample.map((word) => (
            <li key={`${word.word}|${word.reading ?? ''}`}>
              <span lang={word.reading ? 'ja' : undefined}>{word.word}</span>
              {word.reading && word.reading !== word.word && (
                <span className="import-sample__reading" lang="ja">
                  {word.reading}
                </span>
              )}
              <span className={`import-sample__status import-sample__status--${word.status}`}>{word.status}</span>
            </li>
          ))}
        </ul>
      )}
      {preview.skipped_count > 0 && (
        <details className="import-skipped">
          <summary>{count(preview.skipped_count, 'line')} not read as a word (left out)</summary>
          <ul>
            {preview.skipped.map((line) => (
              <li key={line.line}>
                Line {line.line}: {line.text}
              </li>
            ))}
            {preview.skipped_count > preview.skipped.length && <li>…and {preview.skipped_count - preview.skipped.length} more</li>}
          </ul>
        </details>
      )}
      <div className="form-buttons">
        {step.kind === 'preview' && changes > 0 && (
          <button type="button" className="btn btn-primary btn-small" onClick={() => flow.apply(step.source)}>
            Import {count(changes)}
          </button>
        )}
        {step.kind === 'preview' && (
          <button type="button" className="btn btn-ghost btn-small" onClick={flow.reset}>
            Cancel
          </button>
        )}
        {step.kind === 'done' && step.change && (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => flow.undo(step.change!)}>
            Undo
          </button>
        )}
      </div>
    </section>
  );
}
