import { useId, useState, type ChangeEvent } from 'react';
import type { Language } from '../../shared/language';
import { IMPORT_TEXT_MAX } from '../../shared/words';
import { ImportOutcome, type ImportFlow } from './ImportFlow';
import { LanguageSelect } from './LanguageSelect';

type Format = 'detect' | 'lines' | 'table' | 'anki';

/**
 * A word list pasted or uploaded: one word per line, a CSV or TSV table with the word's column chosen, or
 * the notes Anki exports as text. The server reads it; this form only gathers what it needs.
 */
export function ListImport({ flow }: { flow: ImportFlow }) {
  const id = useId();
  const [language, setLanguage] = useState<Language>('ja');
  const [text, setText] = useState('');
  const [format, setFormat] = useState<Format>('detect');
  const [column, setColumn] = useState(1);
  const [readingColumn, setReadingColumn] = useState(0);
  const [status, setStatus] = useState<'known' | 'learning'>('known');
  const [fileError, setFileError] = useState<string | null>(null);
  const columns = format === 'table' || format === 'anki';

  const changed = () => flow.step.kind !== 'idle' && flow.reset();
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setFileError(null);
    if (!file) return;
    if (file.size > IMPORT_TEXT_MAX * 4) return setFileError('The file is too large: at most 1,000,000 characters');
    const content = await file.text();
    if (content.includes('\u0000')) return setFileError('This is not a text file');
    setText(content);
    if (/\.(csv|tsv)$/i.test(file.name) && format === 'detect') setFormat('table');
    changed();
  };

  return (
    <form
      className="import-form"
      aria-label="Import a word list"
      onSubmit={(event) => {
        event.preventDefault();
        flow.preview({
          kind: 'list',
          language,
          text,
          status,
          ...(format === 'detect' ? {} : { format }),
          ...(columns ? { column, ...(readingColumn > 0 ? { reading_column: readingColumn } : {}) } : {}),
        });
      }}
    >
      <div className="import-form__row">
        <LanguageSelect value={language} onChange={(next) => (setLanguage(next), changed())} />
        <div className="field">
          <label htmlFor={`${id}-status`}>Mark them as</label>
          <select id={`${id}-status`} value={status} onChange={(event) => (setStatus(event.currentTarget.value as 'known' | 'learning'), changed())}>
            <option value="known">Known</option>
            <option value="learning">Learning</option>
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>Words</label>
        <textarea
          id={`${id}-text`}
          rows={6}
          value={text}
          maxLength={IMPORT_TEXT_MAX}
          placeholder={language === 'ja' ? '食べる\n図書館\n橋[はし]' : 'library\nborrow\nquiet'}
          lang={language}
          aria-describedby={`${id}-text-hint`}
          onChange={(event) => (setText(event.currentTarget.value), changed())}
        />
        <p id={`${id}-text-hint`} className="field-hint">
          One word per line (a reading may follow in brackets: 橋[はし]), a CSV or TSV table, or notes exported from Anki as text.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-file`}>Or upload a file</label>
        <input id={`${id}-file`} type="file" accept=".txt,.csv,.tsv,text/plain,text/csv,text/tab-separated-values" onChange={(event) => void readFile(event)} />
        {fileError && (
          <p className="field-error" role="alert">
            {fileError}
          </p>
        )}
      </div>
      <div className="import-form__row">
        <div className="field">
          <label htmlFor={`${id}-format`}>Format</label>
          <select id={`${id}-format`} value={format} onChange={(event) => (setFormat(event.currentTarget.value as Format), changed())}>
            <option value="detect">Find out from the text</option>
            <option value="lines">One word per line</option>
            <option value="table">CSV or TSV table</option>
            <option value="anki">Anki notes (exported as text)</option>
          </select>
        </div>
        {columns && (
          <>
            <div className="field">
              <label htmlFor={`${id}-column`}>Word column</label>
              <input
                id={`${id}-column`}
                type="number"
                min={1}
                max={100}
                value={column}
                onChange={(event) => (setColumn(Math.max(1, Number(event.currentTarget.value) || 1)), changed())}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-reading`}>Reading column</label>
              <input
                id={`${id}-reading`}
                type="number"
                min={0}
                max={100}
                value={readingColumn}
                aria-describedby={`${id}-reading-hint`}
                onChange={(event) => (setReadingColumn(Math.max(0, Number(event.currentTarget.value) || 0)), changed())}
              />
              <p id={`${id}-reading-hint`} className="field-hint">
                0: none
              </p>
            </div>
          </>
        )}
      </div>
      <div className="form-buttons">
        <button type="submit" className="btn btn-ghost btn-small" disabled={!text.trim() || flow.step.kind === 'busy'}>
          Preview
        </button>
      </div>
      <ImportOutcome flow={flow} />
    </form>
  );
}
