import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ankiReady, ankiSettings, ankiWordField } from '../../state/anki-settings';
import {
  ankiErrorMessage,
  buildAnkiNote,
  createAnkiConnect,
  type AnkiConnect,
  type AnkiNoteSource,
} from '../anki-connect';

export interface AddToAnkiProps {
  source: AnkiNoteSource;
  /** The story's language: the same spelling in another language is another word, checked again. */
  language: 'ja' | 'en';
  /** The AnkiConnect client; the one on this computer's default port when left out. */
  client?: AnkiConnect;
}

const SET_UP_FIRST = 'Set up Anki in Settings first (deck, note type and fields).';
/** What ankiErrorMessage says for a note Anki refused as a duplicate: for the learner, it is in Anki. */
const DUPLICATE = 'This note is already in Anki.';

/** unknown: not yet checked (or the check failed); absent: Anki has no such note. */
type Status = 'unknown' | 'absent' | 'adding' | 'in-anki';

interface State {
  /** The word and setup this state is about; a state for another one counts as not checked yet. */
  key: string;
  status: Status;
  /** Just added here, for the announcement. */
  added?: boolean;
  /** What to tell the learner after pressing the button (an error, or to set up Anki). */
  message?: string;
}

/**
 * Add to Anki for a word popup's footer: adds the word as a note through AnkiConnect, or says it is in Anki
 * already. Without a setup it points to Settings. Failures are shown, never thrown.
 */
export function AddToAnki({ source, language, client }: AddToAnkiProps) {
  const settings = useSnapshot(ankiSettings);
  const anki = useMemo(() => client ?? createAnkiConnect(), [client]);
  const ready = ankiReady(settings);
  const wordField = ankiWordField(settings) ?? '';
  const { deck, model } = settings;
  const key = ready ? JSON.stringify([language, source.word, deck, model, wordField]) : '';
  const [state, setState] = useState<State>({ key: '', status: 'unknown' });
  const current: State = state.key === key ? state : { key, status: 'unknown' };

  // Whether the word is in the deck already. A failed check leaves the button: pressing it tells why.
  useEffect(() => {
    if (!ready) return;
    let live = true;
    const settle = (status: Status) => {
      // A press during the check wins: its outcome is the newer news.
      if (live) setState((previous) => (previous.key === key && previous.status !== 'unknown' ? previous : { key, status }));
    };
    anki.noteExists(deck, model, wordField, source.word).then(
      (exists) => settle(exists ? 'in-anki' : 'absent'),
      () => settle('unknown'),
    );
    return () => {
      live = false;
    };
  }, [anki, ready, key, deck, model, wordField, source.word]);

  const add = async () => {
    if (!ready) {
      setState({ key, status: 'unknown', message: SET_UP_FIRST });
      return;
    }
    setState({ key, status: 'adding' });
    const mapping = { deck: ankiSettings.deck, model: ankiSettings.model, fields: { ...ankiSettings.fields } };
    let next: State;
    try {
      await anki.addNote(buildAnkiNote(mapping, source));
      next = { key, status: 'in-anki', added: true };
    } catch (error) {
      const message = ankiErrorMessage(error);
      next = message === DUPLICATE ? { key, status: 'in-anki' } : { key, status: 'absent', message };
    }
    // Unless the popup moved on to another word (or setup) meanwhile.
    setState((previous) => (previous.key === key ? next : previous));
  };

  const adding = current.status === 'adding';
  const inAnki = current.status === 'in-anki';
  return (
    <div className="rp-anki">
      <p className="rp-anki__live" aria-live="polite">
        {inAnki ? <span className="rp-anki__status">In Anki</span> : null}
        {current.added ? <span className="visually-hidden">Added to Anki</span> : null}
      </p>
      {inAnki ? null : (
        <button type="button" className="rp-button rp-button--small" disabled={adding} onClick={() => void add()}>
          {adding ? 'Adding…' : 'Add to Anki'}
        </button>
      )}
      {current.message ? (
        <p className={ready ? 'rp-popup__error rp-anki__message' : 'rp-anki__message'} role="alert">
          {current.message}
        </p>
      ) : null}
    </div>
  );
}
