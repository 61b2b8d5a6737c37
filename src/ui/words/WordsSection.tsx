import { useCallback, useEffect, useState } from 'react';
import { wordsApi } from '../../net/words-api';
import type { KnowledgeSummary } from '../../shared/words';
import { AnkiImport } from './AnkiImport';
import { useImportFlow } from './ImportFlow';
import { LANGUAGE_LABELS } from './LanguageSelect';
import { LevelImport } from './LevelImport';
import { ListImport } from './ListImport';

/** The learner's known words, for the account page and after an import. */
export function useKnowledgeSummary() {
  const [summary, setSummary] = useState<KnowledgeSummary | null>(null);
  const refresh = useCallback(() => {
    wordsApi.summary().then(setSummary, () => undefined);
  }, []);
  useEffect(refresh, [refresh]);
  return { summary, refresh };
}

/** Account › Words you know: the counts, and every way to bring in what the learner already knows. */
export function WordsSection() {
  const { summary, refresh } = useKnowledgeSummary();
  const level = useImportFlow(refresh);
  const list = useImportFlow(refresh);
  const anki = useImportFlow(refresh);
  return (
    <section className="card settings-card words-card" id="words" aria-labelledby="words-heading">
      <h2 id="words-heading">Words you know</h2>
      <p>
        Vocabulary mode colours each word by what you know of it, and furigana can keep to the words you don’t know yet. Bring in what you already know:
        every import shows what will change first, and can be undone.
      </p>
      {summary && (
        <dl className="facts words-facts">
          {summary.languages.map((entry) => (
            <div key={entry.language}>
              <dt>{LANGUAGE_LABELS[entry.language]}</dt>
              <dd>
                {entry.known.toLocaleString('en')} known · {entry.learning.toLocaleString('en')} learning · {entry.ignored.toLocaleString('en')} ignored
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="setting">
        <h3>By level</h3>
        <LevelImport flow={level} idPrefix="account" />
      </div>
      <div className="setting">
        <h3>A word list</h3>
        <ListImport flow={list} />
      </div>
      <div className="setting">
        <h3>From Anki</h3>
        <AnkiImport flow={anki} />
      </div>
    </section>
  );
}
