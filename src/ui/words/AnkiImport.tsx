import { useId, useMemo, useState } from 'react';
import { AnkiConnectError, createAnkiConnect, type AnkiCard } from '../../scenes/anki-connect';
import type { Language } from '../../shared/language';
import { ANKI_KNOWN_DAYS } from '../../shared/words';
import { ImportOutcome, type ImportFlow } from './ImportFlow';
import { LanguageSelect } from './LanguageSelect';

type Connection =
  | { kind: 'idle' }
  | { kind: 'busy'; label: string }
  | { kind: 'decks'; decks: string[] }
  | { kind: 'error'; message: string };

/** A field named like a word or a reading is chosen first: most decks name them so. */
const guess = (fields: readonly string[], pattern: RegExp) => fields.find((f) => pattern.test(f)) ?? '';
const WORD_FIELD = /^(word|expression|vocab(ulary)?|kanji|front|term|単語)$/i;
const READING_FIELD = /^(reading|kana|furigana|読み)$/i;

/**
 * Import from the learner's own Anki through AnkiConnect, which runs on their machine: the page asks it for
 * the decks and the chosen deck's cards; the server gets the words and their intervals, nothing else.
 */
export function AnkiImport({ flow }: { flow: ImportFlow }) {
  const id = useId();
  const anki = useMemo(() => createAnkiConnect(), []);
  const [connection, setConnection] = useState<Connection>({ kind: 'idle' });
  const [language, setLanguage] = useState<Language>('ja');
  const [deck, setDeck] = useState('');
  const [fields, setFields] = useState<string[]>([]);
  const [wordField, setWordField] = useState('');
  const [readingField, setReadingField] = useState('');
  const [knownDays, setKnownDays] = useState(ANKI_KNOWN_DAYS);
  const failed = (error: unknown) =>
    setConnection({ kind: 'error', message: error instanceof AnkiConnectError ? error.message : 'Anki did not answer. Try again.' });

  const connect = () => {
    setConnection({ kind: 'busy', label: 'Asking Anki for your decks…' });
    anki.deckNames().then((decks) => setConnection({ kind: 'decks', decks }), failed);
  };
  const chooseDeck = (name: string) => {
    setDeck(name);
    flow.reset();
    setFields([]);
    if (!name) return;
    anki.deckFields(name).then((found) => {
      setFields(found);
      setWordField(guess(found, WORD_FIELD) || found[0] || '');
      setReadingField(guess(found, READING_FIELD));
    }, failed);
  };
  const [reading, setReading] = useState<string | null>(null);
  const preview = async () => {
    setReading('Reading the deck’s cards…');
    let cards: AnkiCard[];
    try {
      cards = await anki.deckCards(deck, (done, total) => setReading(`Reading the deck’s cards… ${done} of ${total}`));
    } catch (error) {
      return setReading(error instanceof AnkiConnectError ? error.message : 'Anki did not answer. Try again.');
    }
    setReading(null);
    flow.preview({
      kind: 'anki',
      language,
      deck,
      known_days: knownDays,
      cards: cards.map((card) => ({
        word: card.fields[wordField] ?? '',
        ...(readingField ? { reading: card.fields[readingField] ?? '' } : {}),
        interval: card.interval,
      })),
    });
  };

  return (
    <div className="import-form" aria-label="Import from Anki" role="group">
      <p className="field-hint">
        Needs Anki open with the AnkiConnect add-on, and this site in its <code>webCorsOriginList</code> setting. Cards you have not studied yet are left
        out; a card whose interval is {knownDays} days or more counts as known, a shorter one as learning.
      </p>
      {connection.kind !== 'decks' ? (
        <div className="form-buttons">
          <button type="button" className="btn btn-ghost btn-small" onClick={connect} disabled={connection.kind === 'busy'}>
            Connect to Anki
          </button>
        </div>
      ) : (
        <>
          <div className="import-form__row">
            <LanguageSelect value={language} onChange={(next) => (setLanguage(next), flow.reset())} />
            <div className="field">
              <label htmlFor={`${id}-deck`}>Deck</label>
              <select id={`${id}-deck`} value={deck} onChange={(event) => chooseDeck(event.currentTarget.value)}>
                <option value="">Choose a deck</option>
                {connection.decks.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {fields.length > 0 && (
            <div className="import-form__row">
              <div className="field">
                <label htmlFor={`${id}-word`}>Word field</label>
                <select id={`${id}-word`} value={wordField} onChange={(event) => (setWordField(event.currentTarget.value), flow.reset())}>
                  {fields.map((field) => (
                    <option key={field}>{field}</option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-reading`}>Reading field</label>
                <select id={`${id}-reading`} value={readingField} onChange={(event) => (setReadingField(event.currentTarget.value), flow.reset())}>
                  <option value="">None</option>
                  {fields.map((field) => (
                    <option key={field}>{field}</option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-days`}>Known after (days)</label>
                <input
                  id={`${id}-days`}
                  type="number"
                  min={1}
                  max={3650}
                  value={knownDays}
                  onChange={(event) => (setKnownDays(Math.min(3650, Math.max(1, Number(event.currentTarget.value) || ANKI_KNOWN_DAYS))), flow.reset())}
                />
              </div>
            </div>
          )}
          <div className="form-buttons">
            <button type="button" className="btn btn-ghost btn-small" disabled={!deck || !wordField || flow.step.kind === 'busy'} onClick={() => void preview()}>
              Preview
            </button>
          </div>
        </>
      )}
      {connection.kind === 'busy' && <p role="status">{connection.label}</p>}
      {reading && <p role="status">{reading}</p>}
      {connection.kind === 'error' && (
        <p className="alert alert-error" role="alert">
          {connection.message}
        </p>
      )}
      <ImportOutcome flow={flow} />
    </div>
  );
}
