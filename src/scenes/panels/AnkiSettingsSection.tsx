import { useId, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  ankiReady,
  ankiSettings,
  setAnkiDeck,
  setAnkiField,
  setAnkiModel,
} from '../../state/anki-settings';
import { ankiErrorMessage, createAnkiConnect, type AnkiConnect, type AnkiNoteContent } from '../anki-connect';

export interface AnkiSettingsSectionProps {
  /** The AnkiConnect client; the one on this computer's default port when left out. */
  client?: AnkiConnect;
}

const CONTENT_OPTIONS: [AnkiNoteContent, string][] = [
  ['word', 'Word'],
  ['reading', 'Reading'],
  ['meaning', 'Meaning'],
  ['sentence', 'Sentence'],
  ['source', 'Source'],
  ['none', 'Nothing'],
];

/** What Anki has to choose from, once connected. */
interface Choices {
  decks: string[];
  models: string[];
}

/**
 * The Anki section of Settings: connects to Anki through AnkiConnect, then the learner picks the deck, the
 * note type and what goes in each of its fields. Once set up, it just says where notes go.
 */
export function AnkiSettingsSection({ client }: AnkiSettingsSectionProps) {
  const snap = useSnapshot(ankiSettings);
  const anki = useMemo(() => client ?? createAnkiConnect(), [client]);
  const [editing, setEditing] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const [choices, setChoices] = useState<Choices | null>(null);
  /** The chosen note type's fields in Anki's order; null until loaded. */
  const [fieldNames, setFieldNames] = useState<string[] | null>(null);
  const [loadingFields, setLoadingFields] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Counts field loads, so only the last note type chosen fills the fields. */
  const fieldsRequest = useRef(0);
  const hintId = useId();
  const deckId = useId();
  const modelId = useId();
  const ready = ankiReady(snap);

  /** Loads a note type's fields; a new choice (or a type whose fields changed in Anki) gets guessed ones. */
  const loadFields = async (model: string, chosen: boolean) => {
    const request = ++fieldsRequest.current;
    setFieldNames(null);
    setLoadingFields(true);
    try {
      const names = await anki.modelFieldNames(model);
      if (request !== fieldsRequest.current) return;
      const stored = Object.keys(ankiSettings.fields);
      const sameFields = stored.length === names.length && names.every((name) => stored.includes(name));
      if (chosen || !sameFields) setAnkiModel(model, names);
      setFieldNames(names);
    } catch (caught) {
      if (request === fieldsRequest.current) setError(ankiErrorMessage(caught));
    } finally {
      if (request === fieldsRequest.current) setLoadingFields(false);
    }
  };

  const connect = async () => {
    setEditing(true);
    setError(null);
    setConnecting(true);
    try {
      await anki.version();
      const [decks, models] = await Promise.all([anki.deckNames(), anki.modelNames()]);
      setChoices({ decks, models });
      setConnecting(false);
      const { model } = ankiSettings;
      if (model && models.includes(model)) await loadFields(model, false);
    } catch (caught) {
      setError(ankiErrorMessage(caught));
      setConnecting(false);
    }
  };

  const chooseModel = (model: string) => {
    setError(null);
    // The fields are unknown until Anki lists them: none is mapped meanwhile.
    setAnkiModel(model, []);
    void loadFields(model, true);
  };

  const errorAlert = error ? (
    <p className="rp-notice rp-notice--error" role="alert">
      {error}
    </p>
  ) : null;

  return (
    <fieldset className="rp-field rp-fieldset" aria-describedby={hintId}>
      <legend className="rp-field__label">Anki</legend>
      <p id={hintId} className="rp-hint">
        Add to Anki in the word popups sends the word, its reading, meaning, sentence and story to your Anki through
        the AnkiConnect add-on.
      </p>

      {ready && !editing ? (
        <div className="rp-field__row">
          <p className="rp-anki__summary">
            Adds to {snap.deck} as {snap.model}
          </p>
          <button type="button" className="rp-button rp-button--ghost rp-button--small" onClick={() => void connect()}>
            Change
          </button>
        </div>
      ) : (
        <>
          {choices === null ? (
            <div className="rp-anki__actions">
              <button type="button" className="rp-button rp-button--small" disabled={connecting} onClick={() => void connect()}>
                {connecting ? 'Connecting…' : 'Connect to Anki'}
              </button>
            </div>
          ) : (
            <>
              <div className="rp-field__row">
                <label htmlFor={deckId} className="rp-field__label">
                  Deck
                </label>
                <select
                  id={deckId}
                  className="rp-select"
                  value={choices.decks.includes(snap.deck) ? snap.deck : ''}
                  onChange={(event) => setAnkiDeck(event.currentTarget.value)}
                >
                  <option value="" disabled>
                    Choose a deck
                  </option>
                  {choices.decks.map((deck) => (
                    <option key={deck} value={deck}>
                      {deck}
                    </option>
                  ))}
                </select>
              </div>
              <div className="rp-field__row">
                <label htmlFor={modelId} className="rp-field__label">
                  Note type
                </label>
                <select
                  id={modelId}
                  className="rp-select"
                  value={choices.models.includes(snap.model) ? snap.model : ''}
                  onChange={(event) => chooseModel(event.currentTarget.value)}
                >
                  <option value="" disabled>
                    Choose a note type
                  </option>
                  {choices.models.map((model) => (
                    <option key={model} value={model}>
                      {model}
                    </option>
                  ))}
                </select>
              </div>
              {loadingFields ? <p className="rp-hint">Loading the fields…</p> : null}
              {fieldNames && fieldNames.length > 0 ? (
                <div className="rp-anki__fields" role="group" aria-label={`Fields of ${snap.model}`}>
                  <p className="rp-hint">What goes in each field:</p>
                  {fieldNames.map((name) => (
                    <FieldChoice key={name} name={name} value={snap.fields[name] ?? 'none'} />
                  ))}
                </div>
              ) : null}
              {snap.deck && snap.model && fieldNames && !ready ? (
                <p className="rp-hint">Choose Word for one of the fields.</p>
              ) : null}
            </>
          )}
          {errorAlert}
          {ready ? (
            <div className="rp-anki__actions">
              <button type="button" className="rp-button rp-button--ghost rp-button--small" onClick={() => setEditing(false)}>
                Done
              </button>
            </div>
          ) : null}
        </>
      )}
    </fieldset>
  );
}

/** One field of the note type, and what the reader puts in it. */
function FieldChoice({ name, value }: { name: string; value: AnkiNoteContent }) {
  const id = useId();
  return (
    <div className="rp-field__row">
      <label htmlFor={id} className="rp-field__label">
        {name}
      </label>
      <select
        id={id}
        className="rp-select"
        value={value}
        onChange={(event) => setAnkiField(name, event.currentTarget.value as AnkiNoteContent)}
      >
        {CONTENT_OPTIONS.map(([content, label]) => (
          <option key={content} value={content}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
