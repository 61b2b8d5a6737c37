import { useId, useState } from 'react';
import { CEFR_LEVELS, JLPT_LEVELS, type Language, type StoryLevel } from '../../shared/language';
import { ImportOutcome, type ImportFlow } from './ImportFlow';
import { LanguageSelect } from './LanguageSelect';

const LEVELS: Record<Language, readonly StoryLevel[]> = { ja: JLPT_LEVELS, en: CEFR_LEVELS };

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
      <LanguageSelect value={language} onChange={chooseLanguage} />
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
