import { useId, useState } from 'react';
import { CEFR_LEVELS, JLPT_LEVELS, type Language, type StoryLevel } from '../../shared/language';
import { ImportOutcome, type ImportFlow } from './ImportFlow';

const LEVELS: Record<Language, readonly StoryLevel[]> = { ja: JLPT_LEVELS, en: CEFR_LEVELS };
export const LANGUAGE_LABELS: Record<Language, string> = { ja: 'Japanese', en: 'English' };

/** "I know everything up to N4 / A2": every word of the level lists up to it, marked known. */
export function LevelImport({ flow, idPrefix = 'level' }: { flow: ImportFlow; idPrefix?: string }) {
  const id = useId();
  const [language, setLanguage] = useState<Language>('ja');
  const [level, setLevel] = useState<StoryLevel>('N5');
  const chooseLanguage = (next: Language) => {
    setLanguage(next);
    setLevel(LEVELS[next][0]!);
    flow.reset();
  };
  return (
    <form
      className="import-form import-form--inline"
      aria-label="Words you know by level"
      onSubmit={(event) => {
        event.preventDefault();
        flow.preview({ kind: 'level', language, level });
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-${idPrefix}-language`}>Language</label>
        <select id={`${id}-${idPrefix}-language`} value={language} onChange={(event) => chooseLanguage(event.currentTarget.value as Language)}>
          <option value="ja">{LANGUAGE_LABELS.ja}</option>
          <option value="en">{LANGUAGE_LABELS.en}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-${idPrefix}-level`}>I know everything up to</label>
        <select
          id={`${id}-${idPrefix}-level`}
          value={level}
          onChange={(event) => {
            setLevel(event.currentTarget.value as StoryLevel);
            flow.reset();
          }}
        >
          {LEVELS[language].map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-ghost btn-small" disabled={flow.step.kind === 'busy'}>
        Preview
      </button>
      <ImportOutcome flow={flow} />
    </form>
  );
}
