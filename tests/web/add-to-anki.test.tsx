// Add to Anki and its setup in Settings, against the AnkiConnect fake on a real port (jsdom has no fetch,
// so the global fetch is Node's and every call crosses TCP). Node's fetch does not enforce CORS; pageFetch
// below does what a browser does with the answer.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnkiConnect, type AnkiConnect, type AnkiNoteSource } from '../../src/scenes/anki-connect';
import { AnkiSettingsSection } from '../../src/scenes/panels/AnkiSettingsSection';
import { SettingsPanel } from '../../src/scenes/panels/SettingsPanel';
import { AddToAnki } from '../../src/scenes/popups/AddToAnki';
import {
  ANKI_STORAGE_KEY,
  ankiReady,
  ankiSettings,
  guessAnkiFields,
  reloadAnkiSettings,
  resetAnki,
  setAnkiDeck,
  setAnkiField,
  setAnkiModel,
} from '../../src/state/anki-settings';
import { startAnkiConnectFake, type AnkiConnectFake, type FakeAnkiDeck } from '../support/anki-connect-fake';

const MINING = 'Japanese::Mining';
const KOTOBA_FIELDS = ['Word', 'Reading', 'Meaning', 'Sentence', 'Source'];
const noteTypes = { Basic: ['Front', 'Back'], 'Kotoba Word': KOTOBA_FIELDS };
const word = (fields: Record<string, string>) => ({ modelName: 'Kotoba Word', fields, interval: 4 });
const decks: FakeAnkiDeck[] = [
  { name: MINING, cards: [word({ Word: '猫', Reading: 'ねこ', Meaning: 'cat', Sentence: '', Source: '' })] },
  { name: 'English', cards: [] },
];

const dog: AnkiNoteSource = {
  word: '犬',
  reading: 'いぬ',
  meaning: 'dog & "hound" <pet>',
  sentence: '犬が走る。\n速い。',
  source: 'The Lighthouse Keeper, scene 3',
};

const SET_UP_FIRST = 'Set up Anki in Settings first (deck, note type and fields).';

let fake: AnkiConnectFake;
beforeEach(async () => {
  resetAnki();
  fake = await startAnkiConnectFake({ decks, noteTypes });
});
afterEach(async () => {
  await fake.close().catch(() => {}); // already closed by the "Anki closed" tests
  resetAnki();
});

/** Anki set up as the Settings panel would leave it: the mining deck, the Kotoba note type, guessed fields. */
function setUpAnki() {
  setAnkiDeck(MINING);
  setAnkiModel('Kotoba Word', KOTOBA_FIELDS);
}

/** The URL of a port with nothing listening: Anki closed. */
async function closedAnkiUrl(): Promise<string> {
  const closed = await startAnkiConnectFake({ decks });
  await closed.close();
  return closed.url;
}

/**
 * fetch as a page at `origin` sees it: sends the Origin, then hides any answer not allowed for it (a
 * TypeError with no details, as the browser gives).
 */
const pageFetch =
  (origin: string): typeof fetch =>
  async (input, init) => {
    const response = await fetch(input, { ...init, headers: { Origin: origin } });
    const allowed = response.headers.get('access-control-allow-origin');
    if (allowed !== '*' && allowed !== origin) throw new TypeError('Failed to fetch');
    return response;
  };

const findNotesDone = () => waitFor(() => expect(fake.requests.map((r) => r.action)).toContain('findNotes'));

// ── Settings store ───────────────────────────────────────────────────────────────────────────────

describe('Anki settings store', () => {
  it('guesses what each field holds from its name, ignoring case', () => {
    expect(guessAnkiFields(['Front', 'Back'])).toEqual({ Front: 'word', Back: 'meaning' });
    expect(guessAnkiFields(['VOCAB', 'furigana', 'Glossary', 'example', 'Notes', 'Picture'])).toEqual({
      VOCAB: 'word',
      furigana: 'reading',
      Glossary: 'meaning',
      example: 'sentence',
      Notes: 'source',
      Picture: 'none',
    });
    expect(guessAnkiFields(['Expression', 'Kana', 'Definition', 'Context', 'source', 'Audio'])).toEqual({
      Expression: 'word',
      Kana: 'reading',
      Definition: 'meaning',
      Context: 'sentence',
      source: 'source',
      Audio: 'none',
    });
    // Two-word names: the word's reading is a reading; the sentence's reading is not the word's.
    expect(guessAnkiFields(['Vocabulary', 'ExpressionReading', 'Sentence Reading', 'Vocab Audio', 'Add Reverse'])).toEqual({
      Vocabulary: 'word',
      ExpressionReading: 'reading',
      'Sentence Reading': 'none',
      'Vocab Audio': 'none',
      'Add Reverse': 'none',
    });
  });

  it('gives the word to the first field when no name asks for it', () => {
    expect(guessAnkiFields(['Text', 'Back Extra'])).toEqual({ Text: 'word', 'Back Extra': 'meaning' });
    expect(guessAnkiFields(['Meaning', 'Sentence'])).toEqual({ Meaning: 'word', Sentence: 'sentence' });
    expect(guessAnkiFields([])).toEqual({});
  });

  it('setAnkiModel sets the note type with the guessed fields; ready once a deck and a word field are set', () => {
    expect(ankiReady(ankiSettings)).toBe(false);
    setAnkiModel('Basic', ['Front', 'Back']);
    expect(ankiSettings).toEqual({ deck: '', model: 'Basic', fields: { Front: 'word', Back: 'meaning' } });
    expect(ankiReady(ankiSettings)).toBe(false);

    setAnkiDeck(MINING);
    expect(ankiReady(ankiSettings)).toBe(true);
    setAnkiField('Front', 'reading');
    expect(ankiReady(ankiSettings)).toBe(false);
    setAnkiField('Back', 'word');
    expect(ankiReady(ankiSettings)).toBe(true);

    setAnkiModel('Cloze', ['Text', 'Back Extra']);
    expect(ankiSettings.fields).toEqual({ Text: 'word', 'Back Extra': 'meaning' });

    resetAnki();
    expect(ankiSettings).toEqual({ deck: '', model: '', fields: {} });
  });

  it('persists under kotoba.anki and loads it back', async () => {
    setUpAnki();
    setAnkiField('Source', 'none');
    await waitFor(() => expect(JSON.parse(localStorage.getItem(ANKI_STORAGE_KEY) ?? '{}').deck).toBe(MINING));
    const stored = JSON.parse(localStorage.getItem(ANKI_STORAGE_KEY)!);
    expect(stored.fields).toEqual({ Word: 'word', Reading: 'reading', Meaning: 'meaning', Sentence: 'sentence', Source: 'none' });

    resetAnki();
    localStorage.setItem(ANKI_STORAGE_KEY, JSON.stringify(stored));
    reloadAnkiSettings();
    expect(ankiSettings).toEqual({ deck: MINING, model: 'Kotoba Word', fields: stored.fields });
  });

  it.each([
    ['not JSON', '{deck:'],
    ['not an object', '"Japanese::Mining"'],
    ['a deck that is not text', JSON.stringify({ deck: 7, model: 'Basic', fields: { Front: 'word' } })],
    ['no fields', JSON.stringify({ deck: MINING, model: 'Basic' })],
    ['an unknown content', JSON.stringify({ deck: MINING, model: 'Basic', fields: { Front: 'kanji' } })],
  ])('loads "not set up" from bad stored data: %s', (_case, raw) => {
    setUpAnki();
    localStorage.setItem(ANKI_STORAGE_KEY, raw);
    reloadAnkiSettings();
    expect(ankiSettings).toEqual({ deck: '', model: '', fields: {} });
    expect(ankiReady(ankiSettings)).toBe(false);
  });

  it('loads "not set up" when nothing is stored', () => {
    setUpAnki();
    localStorage.removeItem(ANKI_STORAGE_KEY);
    reloadAnkiSettings();
    expect(ankiSettings).toEqual({ deck: '', model: '', fields: {} });
  });
});

// ── Add to Anki ──────────────────────────────────────────────────────────────────────────────────

describe('AddToAnki', () => {
  it('asks to set up Anki in Settings first, and sends nothing', async () => {
    const user = userEvent.setup();
    render(<AddToAnki source={dog} language="ja" client={createAnkiConnect(fake.url)} />);
    await user.click(screen.getByRole('button', { name: 'Add to Anki' }));
    expect(screen.getByRole('alert').textContent).toBe(SET_UP_FIRST);
    expect(fake.requests).toEqual([]);
  });

  it('adds a new word with its mapped fields, HTML-escaped, then says it is in Anki', async () => {
    const user = userEvent.setup();
    setUpAnki();
    render(<AddToAnki source={dog} language="ja" client={createAnkiConnect(fake.url)} />);
    await findNotesDone();
    expect(fake.requests[0]).toEqual({
      action: 'findNotes',
      params: { query: 'deck:"Japanese::Mining" note:"Kotoba Word" "Word:犬"' },
    });

    await user.click(screen.getByRole('button', { name: 'Add to Anki' }));
    expect(await screen.findByText('In Anki')).toBeTruthy();
    expect(screen.getByText('Added to Anki')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fake.addedNotes).toEqual([
      {
        noteId: expect.any(Number),
        deckName: MINING,
        modelName: 'Kotoba Word',
        fields: {
          Word: '犬',
          Reading: 'いぬ',
          Meaning: 'dog &amp; &quot;hound&quot; &lt;pet&gt;',
          Sentence: '犬が走る。<br>速い。',
          Source: 'The Lighthouse Keeper, scene 3',
        },
        tags: ['kotoba-tales'],
      },
    ]);
  });

  it('leaves out fields mapped to nothing', async () => {
    const user = userEvent.setup();
    setUpAnki();
    setAnkiField('Sentence', 'none');
    setAnkiField('Source', 'none');
    render(<AddToAnki source={dog} language="ja" client={createAnkiConnect(fake.url)} />);
    await user.click(screen.getByRole('button', { name: 'Add to Anki' }));
    await screen.findByText('In Anki');
    expect(fake.addedNotes[0]?.fields).toMatchObject({ Word: '犬', Sentence: '', Source: '' });
  });

  it('disables the button and says Adding… while Anki works', async () => {
    const user = userEvent.setup();
    setUpAnki();
    const anki = createAnkiConnect(fake.url);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: AnkiConnect = { ...anki, addNote: async (note) => (await gate, anki.addNote(note)) };
    render(<AddToAnki source={dog} language="ja" client={slow} />);
    await findNotesDone();

    await user.click(screen.getByRole('button', { name: 'Add to Anki' }));
    const busy = screen.getByRole('button', { name: 'Adding…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    release();
    expect(await screen.findByText('In Anki')).toBeTruthy();
    expect(fake.addedNotes).toHaveLength(1);
  });

  it('says "In Anki" on opening for a word already in the deck, with no button', async () => {
    setUpAnki();
    render(<AddToAnki source={{ ...dog, word: '猫' }} language="ja" client={createAnkiConnect(fake.url)} />);
    const status = await screen.findByText('In Anki');
    expect(status.closest('[aria-live="polite"]')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('Added to Anki')).toBeNull();
    expect(fake.addedNotes).toEqual([]);
  });

  it('checks again for another word', async () => {
    setUpAnki();
    const client = createAnkiConnect(fake.url);
    const { rerender } = render(<AddToAnki source={{ ...dog, word: '猫' }} language="ja" client={client} />);
    await screen.findByText('In Anki');
    rerender(<AddToAnki source={dog} language="ja" client={client} />);
    expect(await screen.findByRole('button', { name: 'Add to Anki' })).toBeTruthy();
    expect(screen.queryByText('In Anki')).toBeNull();
  });

  it('tells the learner to start Anki when it is closed, and keeps the button', async () => {
    const user = userEvent.setup();
    setUpAnki();
    render(<AddToAnki source={dog} language="ja" client={createAnkiConnect(await closedAnkiUrl())} />);
    await user.click(screen.getByRole('button', { name: 'Add to Anki' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Anki did not answer\. Start Anki with the AnkiConnect add-on \(code 2055492159\)/);
    expect((screen.getByRole('button', { name: 'Add to Anki' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says to add the site to webCorsOriginList when Anki refuses its origin, and adds nothing', async () => {
    const user = userEvent.setup();
    setUpAnki();
    render(<AddToAnki source={dog} language="ja" client={createAnkiConnect(fake.url, pageFetch('https://kotoba.example'))} />);
    await findNotesDone();
    await user.click(screen.getByRole('button', { name: 'Add to Anki' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`add this site (${location.origin}) to webCorsOriginList`);
    expect(fake.requests.at(-1)).toMatchObject({ action: 'addNote', origin: 'https://kotoba.example' });
    expect(fake.addedNotes).toEqual([]);
    expect(screen.queryByText('In Anki')).toBeNull();
  });

  it("passes on Anki's own error, such as a deck removed since the setup", async () => {
    const user = userEvent.setup();
    setUpAnki();
    setAnkiDeck('Gone');
    render(<AddToAnki source={dog} language="ja" client={createAnkiConnect(fake.url)} />);
    await user.click(screen.getByRole('button', { name: 'Add to Anki' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Anki says: deck was not found: Gone');
  });
});

// ── Settings section ─────────────────────────────────────────────────────────────────────────────

describe('AnkiSettingsSection', () => {
  it('is the Anki section of the Settings panel', () => {
    render(<SettingsPanel onClose={() => {}} />);
    const section = screen.getByRole('group', { name: 'Anki' });
    expect(within(section).getByRole('button', { name: 'Connect to Anki' })).toBeTruthy();
    expect(section.textContent).toContain(
      'Add to Anki in the word popups sends the word, its reading, meaning, sentence and story to your Anki through the AnkiConnect add-on.',
    );
  });

  it('connects, lists the decks and note types, and maps the chosen type’s fields as guessed', async () => {
    const user = userEvent.setup();
    render(<AnkiSettingsSection client={createAnkiConnect(fake.url)} />);
    await user.click(screen.getByRole('button', { name: 'Connect to Anki' }));

    const deck = (await screen.findByRole('combobox', { name: 'Deck' })) as HTMLSelectElement;
    expect(fake.requests.map((r) => r.action)).toEqual(['version', 'deckNames', 'modelNames']);
    const options = (select: HTMLSelectElement) => [...select.options].filter((o) => !o.disabled).map((o) => o.value);
    expect(options(deck)).toEqual([MINING, 'English']);
    const model = screen.getByRole('combobox', { name: 'Note type' }) as HTMLSelectElement;
    expect(options(model)).toEqual(['Basic', 'Kotoba Word']);
    expect(screen.queryByRole('combobox', { name: 'Word' })).toBeNull();

    await user.selectOptions(deck, MINING);
    expect(ankiSettings.deck).toBe(MINING);
    await user.selectOptions(model, 'Kotoba Word');
    const wordField = (await screen.findByRole('combobox', { name: 'Word' })) as HTMLSelectElement;
    expect(fake.requests.at(-1)).toEqual({ action: 'modelFieldNames', params: { modelName: 'Kotoba Word' } });
    expect([...wordField.options].map((o) => o.textContent)).toEqual(['Word', 'Reading', 'Meaning', 'Sentence', 'Source', 'Nothing']);
    const shown = KOTOBA_FIELDS.map((name) => (screen.getByRole('combobox', { name }) as HTMLSelectElement).value);
    expect(shown).toEqual(['word', 'reading', 'meaning', 'sentence', 'source']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'none');
    expect(ankiSettings).toEqual({
      deck: MINING,
      model: 'Kotoba Word',
      fields: { Word: 'word', Reading: 'reading', Meaning: 'meaning', Sentence: 'sentence', Source: 'none' },
    });
    await waitFor(() => expect(JSON.parse(localStorage.getItem(ANKI_STORAGE_KEY) ?? '{}').fields?.Source).toBe('none'));

    // Another type: its own fields, guessed afresh.
    await user.selectOptions(model, 'Basic');
    expect(await screen.findByRole('combobox', { name: 'Front' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Word' })).toBeNull();
    expect(ankiSettings.fields).toEqual({ Front: 'word', Back: 'meaning' });

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByText('Adds to Japanese::Mining as Basic')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('asks for a Word field, and offers Done only once one is set', async () => {
    const user = userEvent.setup();
    render(<AnkiSettingsSection client={createAnkiConnect(fake.url)} />);
    await user.click(screen.getByRole('button', { name: 'Connect to Anki' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Deck' }), MINING);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Note type' }), 'Basic');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Front' }), 'reading');
    expect(screen.getByText('Choose Word for one of the fields.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Back' }), 'word');
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('shows the current setup, and Change reconnects keeping the chosen fields', async () => {
    const user = userEvent.setup();
    setUpAnki();
    setAnkiField('Sentence', 'none');
    render(<AnkiSettingsSection client={createAnkiConnect(fake.url)} />);
    expect(screen.getByText('Adds to Japanese::Mining as Kotoba Word')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect to Anki' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(((await screen.findByRole('combobox', { name: 'Deck' })) as HTMLSelectElement).value).toBe(MINING);
    expect((screen.getByRole('combobox', { name: 'Note type' }) as HTMLSelectElement).value).toBe('Kotoba Word');
    expect(((await screen.findByRole('combobox', { name: 'Sentence' })) as HTMLSelectElement).value).toBe('none');
    expect(ankiSettings.fields.Sentence).toBe('none');
  });

  it('shows why it cannot connect when Anki is closed, and connects on a retry', async () => {
    const user = userEvent.setup();
    const url = await closedAnkiUrl();
    const { rerender } = render(<AnkiSettingsSection client={createAnkiConnect(url)} />);
    await user.click(screen.getByRole('button', { name: 'Connect to Anki' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Anki did not answer\. Start Anki with the AnkiConnect add-on/);
    expect(alert.textContent).toContain('webCorsOriginList');
    expect(screen.queryByRole('combobox')).toBeNull();

    rerender(<AnkiSettingsSection client={createAnkiConnect(fake.url)} />);
    await user.click(screen.getByRole('button', { name: 'Connect to Anki' }));
    expect(await screen.findByRole('combobox', { name: 'Deck' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
