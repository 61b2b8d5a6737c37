import { useId } from 'react';
import type { Language } from '../../shared/language';

export const LANGUAGE_LABELS: Record<Language, string> = { ja: 'Japanese', en: 'English' };

/** The "Language" field of each import form. */
export function LanguageSelect({ value, onChange }: { value: Language; onChange(next: Language): void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Language</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value as Language)}>
        <option value="ja">{LANGUAGE_LABELS.ja}</option>
        <option value="en">{LANGUAGE_LABELS.en}</option>
      </select>
    </div>
  );
}
