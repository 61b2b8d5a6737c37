// Runs in the web project's jsdom (its setup file needs `window`, so the node environment is not an
// option). That is no loss: jsdom has no fetch, so the global fetch is still Node's, and every call below
// crosses real TCP to a real server. Node's fetch does not enforce CORS, so the CORS tests read the headers.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AnkiConnectError,
  ankiErrorMessage,
  buildAnkiNote,
  createAnkiConnect,
  type AnkiNoteMapping,
  type AnkiNoteSource,
} from '../../src/scenes/anki-connect';
import { startAnkiConnectFake, type AnkiConnectFake, type FakeAnkiDeck } from '../support/anki-connect-fake';

const QUOTED_DECK = 'My "quoted" deck_1';

const decks: FakeAnkiDeck[] = [
  {
    name: 'Japanese::Core',
    cards: [
      { fields: { Expression: '猫', Reading: 'ねこ', Meaning: 'cat' }, interval: 12 },
      { fields: { Expression: '犬', Reading: 'いぬ', Meaning: 'dog' }, interval: -600 },
      { fields: { Expression: '鳥', Reading: 'とり', Meaning: 'bird' }, interval: 0 },
    ],
  },
  {
    name: QUOTED_DECK,
    cards: Array.from({ length: 1200 }, (_, i) => ({
      fields: { Front: `word ${i}`, Back: `meaning ${i}` },
      interval: i,
    })),
  },
  // Would also match if the client left `_` unescaped: in Anki's search it stands for any one character.
  { name: 'My "quoted" deckX1', cards: [{ fields: { Front: 'look-alike', Back: '' }, interval: 3 }] },
  { name: 'Empty', cards: [] },
];

let fake: AnkiConnectFake;
beforeEach(async () => {
  fake = await startAnkiConnectFake({ decks });
});
afterEach(async () => {
  await fake.close().catch(() => {}); // already closed by the "unreachable" test
});

/** The error a promise rejects with, to check its reason and message together. */
async function failure(promise: Promise<unknown>): Promise<AnkiConnectError> {
  const error = await promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(AnkiConnectError);
  return error as AnkiConnectError;
}

describe('AnkiConnect client', () => {
  it('reads the protocol version', async () => {
    await expect(createAnkiConnect(fake.url).version()).resolves.toBe(6);
    expect(fake.requests).toEqual([{ action: 'version', params: {} }]);
  });

  it('lists the deck names', async () => {
    await expect(createAnkiConnect(fake.url).deckNames()).resolves.toEqual(decks.map((deck) => deck.name));
  });

  it("lists a deck's fields in their order, and none for an empty deck", async () => {
    const anki = createAnkiConnect(fake.url);
    await expect(anki.deckFields('Japanese::Core')).resolves.toEqual(['Expression', 'Reading', 'Meaning']);
    await expect(anki.deckFields('Empty')).resolves.toEqual([]);
  });

  it('loads a deck with quotes in its name, 500 cards at a time, reporting progress', async () => {
    const progress: [number, number][] = [];
    const onProgress = (done: number, total: number) => progress.push([done, total]);
    const cards = await createAnkiConnect(fake.url).deckCards(QUOTED_DECK, onProgress);

    expect(fake.requests[0]).toEqual({ action: 'findCards', params: { query: 'deck:"My \\"quoted\\" deck\\_1"' } });
    const batches = fake.requests.filter((request) => request.action === 'cardsInfo');
    expect(batches.map((request) => (request.params as { cards: number[] }).cards.length)).toEqual([500, 500, 200]);
    expect(progress).toEqual([
      [0, 1200],
      [500, 1200],
      [1000, 1200],
      [1200, 1200],
    ]);

    expect(cards).toHaveLength(1200);
    expect(cards.every((card) => card.deckName === QUOTED_DECK)).toBe(true);
    expect(cards[7]).toMatchObject({ fields: { Front: 'word 7', Back: 'meaning 7' }, interval: 7, modelName: 'Basic' });
  });

  it('keeps intervals as Anki gives them (negative = learning, in seconds) and flattens the fields', async () => {
    const cards = await createAnkiConnect(fake.url).deckCards('Japanese::Core');
    expect(cards.map((card) => card.interval)).toEqual([12, -600, 0]);
    expect(cards[0]).toEqual({
      cardId: expect.any(Number),
      note: expect.any(Number),
      deckName: 'Japanese::Core',
      modelName: 'Basic',
      fields: { Expression: '猫', Reading: 'ねこ', Meaning: 'cat' },
      interval: 12,
      queue: 2,
      type: 2,
    });
  });

  it('finds the cards of a parent deck with its subdecks, as Anki does', async () => {
    await expect(createAnkiConnect(fake.url).findCards('deck:Japanese')).resolves.toHaveLength(3);
  });

  it("passes on Anki's own error", async () => {
    const error = await failure(createAnkiConnect(fake.url).findCards('deck:"unclosed'));
    expect(error.reason).toBe('anki');
    expect(error.message).toMatch(/^Anki says: invalid search/);
  });

  it('says how to fix it when nothing answers', async () => {
    await fake.close();
    const error = await failure(createAnkiConnect(fake.url).deckNames());
    expect(error.reason).toBe('unreachable');
    expect(error.message).toBe(
      'Anki did not answer. Start Anki with the AnkiConnect add-on (code 2055492159), ' +
        `and add this site (${location.origin}) to webCorsOriginList in its settings.`,
    );
  });
});

describe('AnkiConnect client, on odd answers', () => {
  /** A server that answers every request with the same status and body. */
  async function withCannedServer(status: number, body: string, run: (url: string) => Promise<void>) {
    const server = createServer((_req, res) => res.writeHead(status, { 'Content-Type': 'text/json' }).end(body));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('reports an HTTP error status as refused', async () => {
    await withCannedServer(500, 'Internal Server Error', async (url) => {
      const error = await failure(createAnkiConnect(url).version());
      expect(error).toMatchObject({ reason: 'refused', message: 'AnkiConnect refused the request (HTTP 500).' });
    });
  });

  it.each([
    ['not JSON', 'AnkiConnect v.6'],
    ['a bare result (protocol 4)', '6'],
    ['no error key', '{"result": 6}'],
    ['an error that is not text', '{"result": null, "error": 42}'],
    ['a result of the wrong type', '{"result": "six", "error": null}'],
  ])('reports an unexpected answer: %s', async (_case, body) => {
    await withCannedServer(200, body, async (url) => {
      const error = await failure(createAnkiConnect(url).version());
      expect(error).toMatchObject({ reason: 'anki', message: 'AnkiConnect answered something unexpected.' });
    });
  });

  it('refuses an add-on older than protocol 6', async () => {
    await withCannedServer(200, '{"result": 5, "error": null}', async (url) => {
      const error = await failure(createAnkiConnect(url).version());
      expect(error).toMatchObject({
        reason: 'anki',
        message: 'AnkiConnect is too old: update the add-on (version 6 or later is needed).',
      });
    });
  });
});

describe('AnkiConnect fake', () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(fake.url, { method: 'POST', headers, body: JSON.stringify(body) });

  it('answers an unknown action, and a request without version, with status 200 and {result, error}', async () => {
    const unknown = await post({ action: 'guiBrowse', version: 6, params: {} });
    expect(unknown.status).toBe(200);
    await expect(unknown.json()).resolves.toEqual({ result: null, error: 'unsupported action' });

    await expect((await post({ action: 'version' })).json()).resolves.toEqual({ result: 6, error: null });
  });

  it('answers cardsInfo with the keys the add-on gives, and {} for an unknown card', async () => {
    const found = await post({ action: 'findCards', version: 6, params: { query: 'deck:Japanese::Core' } });
    const [id] = ((await found.json()) as { result: number[] }).result;
    const reply = await post({ action: 'cardsInfo', version: 6, params: { cards: [id, 1] } });
    const { result } = (await reply.json()) as { result: Record<string, unknown>[] };

    expect(Object.keys(result[0]!).sort()).toEqual(
      [
        'answer', 'question', 'deckName', 'modelName', 'fieldOrder', 'fields', 'css', 'cardId', 'interval',
        'note', 'ord', 'type', 'queue', 'due', 'reps', 'lapses', 'left', 'factor', 'mod',
      ].sort(),
    );
    expect(result[0]!.fields).toEqual({
      Expression: { value: '猫', order: 0 },
      Reading: { value: 'ねこ', order: 1 },
      Meaning: { value: 'cat', order: 2 },
    });
    expect(result[1]).toEqual({});
  });

  it('allows CORS only for the origins in webCorsOriginList', async () => {
    const preflight = (origin: string) =>
      fetch(fake.url, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });

    const allowed = await preflight('http://localhost');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('*');

    const other = await preflight('https://kotoba.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-headers')).toBeNull();

    const refused = await post({ action: 'version', version: 6 }, { Origin: 'https://kotoba.example' });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(fake.requests.at(-1)).toEqual({ action: 'version', params: {}, origin: 'https://kotoba.example' });
  });

  it('allows an origin added to webCorsOriginList', async () => {
    const site = await startAnkiConnectFake({ decks, webCorsOriginList: ['https://kotoba.example'] });
    try {
      const reply = await fetch(site.url, { method: 'OPTIONS', headers: { Origin: 'https://kotoba.example' } });
      expect(reply.headers.get('access-control-allow-origin')).toBe('https://kotoba.example');
    } finally {
      await site.close();
    }
  });
});

describe('AnkiConnect client, adding notes', () => {
  const MINING = 'Japanese::Mining';
  // `*` is a wildcard in Anki's search, `"` ends a quote: both must be escaped to find this deck alone.
  const STARRED = 'Star* "mined"';
  const noteTypes = {
    Basic: ['Front', 'Back'],
    'Kotoba Word': ['Word', 'Reading', 'Meaning', 'Sentence', 'Source'],
  };
  const word = (fields: Record<string, string>) => ({ modelName: 'Kotoba Word', fields, interval: 4 });
  const noteDecks: FakeAnkiDeck[] = [
    { name: MINING, cards: [word({ Word: '猫', Reading: 'ねこ', Meaning: 'cat', Sentence: '', Source: '' })] },
    { name: 'Other', cards: [word({ Word: '灯台', Reading: 'とうだい', Meaning: 'lighthouse', Sentence: '', Source: '' })] },
    { name: STARRED, cards: [] },
    // Found by `deck:"Star* "mined""` if the `*` went unescaped.
    { name: 'Star of "mined"', cards: [word({ Word: '星', Reading: 'ほし', Meaning: 'star', Sentence: '', Source: '' })] },
  ];
  const mapping: AnkiNoteMapping = {
    deck: MINING,
    model: 'Kotoba Word',
    fields: { Word: 'word', Reading: 'reading', Meaning: 'meaning', Sentence: 'sentence', Source: 'source' },
  };
  const dog: AnkiNoteSource = {
    word: '犬',
    reading: 'いぬ',
    meaning: 'dog',
    sentence: '犬が走る。',
    source: 'The Lighthouse Keeper, scene 3',
  };

  beforeEach(async () => {
    await fake.close();
    fake = await startAnkiConnectFake({ decks: noteDecks, noteTypes });
  });

  it('lists the note types and their fields in order, and passes on an unknown type', async () => {
    const anki = createAnkiConnect(fake.url);
    await expect(anki.modelNames()).resolves.toEqual(['Basic', 'Kotoba Word']);
    await expect(anki.modelFieldNames('Kotoba Word')).resolves.toEqual(noteTypes['Kotoba Word']);
    expect(fake.requests.at(-1)).toEqual({ action: 'modelFieldNames', params: { modelName: 'Kotoba Word' } });

    const error = await failure(anki.modelFieldNames('Vocab'));
    expect(error).toMatchObject({ reason: 'anki', message: 'Anki says: model was not found: Vocab' });
  });

  it('finds no note for a new word, then adds it with the reader tag and finds it', async () => {
    const anki = createAnkiConnect(fake.url);
    await expect(anki.noteExists(MINING, 'Kotoba Word', 'Word', '犬')).resolves.toBe(false);
    expect(fake.requests.at(-1)).toEqual({
      action: 'findNotes',
      params: { query: 'deck:"Japanese::Mining" note:"Kotoba Word" "Word:犬"' },
    });

    const id = await anki.addNote(buildAnkiNote(mapping, dog));
    expect(id).toEqual(expect.any(Number));
    expect(fake.requests.at(-1)?.params).toMatchObject({
      note: { deckName: MINING, options: { allowDuplicate: false, duplicateScope: 'deck' } },
    });
    expect(fake.addedNotes).toEqual([
      {
        noteId: id,
        deckName: MINING,
        modelName: 'Kotoba Word',
        fields: {
          Word: '犬',
          Reading: 'いぬ',
          Meaning: 'dog',
          Sentence: '犬が走る。',
          Source: 'The Lighthouse Keeper, scene 3',
        },
        tags: ['kotoba-tales'],
      },
    ]);

    await expect(anki.noteExists(MINING, 'Kotoba Word', 'Word', '犬')).resolves.toBe(true);
    await expect(anki.findNotes('deck:"Japanese::Mining" "Word:犬"')).resolves.toEqual([id]);
    // Only in that deck, only with that note type.
    await expect(anki.noteExists('Other', 'Kotoba Word', 'Word', '犬')).resolves.toBe(false);
    await expect(anki.noteExists(MINING, 'Basic', 'Word', '犬')).resolves.toBe(false);
  });

  it('finds a word already in the deck, and a word with markup as buildAnkiNote stored it', async () => {
    const anki = createAnkiConnect(fake.url);
    await expect(anki.noteExists(MINING, 'Kotoba Word', 'Word', '猫')).resolves.toBe(true);

    await anki.addNote(buildAnkiNote(mapping, { ...dog, word: 'R&D "<lab>"' }));
    await expect(anki.noteExists(MINING, 'Kotoba Word', 'Word', 'R&D "<lab>"')).resolves.toBe(true);
    expect(fake.requests.at(-1)?.params).toEqual({
      query: 'deck:"Japanese::Mining" note:"Kotoba Word" "Word:R&amp;D &quot;&lt;lab&gt;&quot;"',
    });
  });

  it('says which notes Anki would take: not a duplicate in the same deck, nor an empty first field', async () => {
    const anki = createAnkiConnect(fake.url);
    const notes = [
      buildAnkiNote(mapping, dog),
      buildAnkiNote(mapping, { ...dog, word: '猫' }), // in the deck already
      { ...buildAnkiNote(mapping, dog), fields: { Word: '<b>猫</b>' } }, // the same once Anki strips the markup…
      buildAnkiNote({ ...mapping, deck: 'Other' }, { ...dog, word: '猫' }), // …but another deck may have it
      buildAnkiNote({ ...mapping, fields: { ...mapping.fields, Word: 'none' } }, dog),
      buildAnkiNote({ ...mapping, deck: 'Nowhere' }, dog),
    ];
    await expect(anki.canAddNotes(notes)).resolves.toEqual([true, false, false, true, false, false]);
    expect((fake.requests.at(-1)?.params as { notes: object[] }).notes[0]).toMatchObject({
      options: { allowDuplicate: false, duplicateScope: 'deck' },
    });
    expect(fake.addedNotes).toEqual([]);
  });

  it('refuses a duplicate, which the learner reads as "already in Anki"', async () => {
    const anki = createAnkiConnect(fake.url);
    await anki.addNote(buildAnkiNote(mapping, dog));
    const error = await failure(anki.addNote(buildAnkiNote(mapping, { ...dog, meaning: 'hound' })));
    expect(error).toMatchObject({ reason: 'anki', message: 'Anki says: cannot create note because it is a duplicate' });
    expect(ankiErrorMessage(error)).toBe('This note is already in Anki.');
    expect(fake.addedNotes).toHaveLength(1);
  });

  it("passes on Anki's error for an unknown deck, type or empty note", async () => {
    const anki = createAnkiConnect(fake.url);
    const unknownDeck = await failure(anki.addNote(buildAnkiNote({ ...mapping, deck: 'Nowhere' }, dog)));
    expect(unknownDeck).toMatchObject({ reason: 'anki', message: 'Anki says: deck was not found: Nowhere' });
    expect(ankiErrorMessage(unknownDeck)).toBe('Anki says: deck was not found: Nowhere');

    const unknownType = await failure(anki.addNote(buildAnkiNote({ ...mapping, model: 'Vocab' }, dog)));
    expect(unknownType.message).toBe('Anki says: model was not found: Vocab');

    const empty = await failure(anki.addNote(buildAnkiNote(mapping, { ...dog, word: '' })));
    expect(empty.message).toBe('Anki says: cannot create note because it is empty');
    expect(fake.addedNotes).toEqual([]);
  });

  it('escapes `"` and `*` in a deck name, so a look-alike deck does not count', async () => {
    const anki = createAnkiConnect(fake.url);
    await expect(anki.noteExists(STARRED, 'Kotoba Word', 'Word', '星')).resolves.toBe(false);
    expect(fake.requests.at(-1)?.params).toEqual({
      query: 'deck:"Star\\* \\"mined\\"" note:"Kotoba Word" "Word:星"',
    });
    await expect(anki.noteExists('Star of "mined"', 'Kotoba Word', 'Word', '星')).resolves.toBe(true);
    // Unescaped, the same search would have found the look-alike's note.
    await expect(anki.findNotes('deck:"Star* \\"mined\\"" "Word:星"')).resolves.toHaveLength(1);
  });

  it('escapes wildcards in the field value too', async () => {
    const anki = createAnkiConnect(fake.url);
    await expect(anki.noteExists(MINING, 'Kotoba Word', 'Word', '*')).resolves.toBe(false);
    await expect(anki.noteExists(MINING, 'Kotoba Word', 'Word', '_')).resolves.toBe(false);
    await anki.addNote(buildAnkiNote(mapping, { ...dog, word: 'a_b*c\\d' }));
    await expect(anki.noteExists(MINING, 'Kotoba Word', 'Word', 'a_b*c\\d')).resolves.toBe(true);
  });

  /**
   * fetch as a page at `origin` sees it: Node's fetch does not enforce CORS, so this one does what the
   * browser does with a simple request: sends the Origin, then hides any answer not allowed for it.
   */
  const pageFetch =
    (origin: string): typeof fetch =>
    async (input, init) => {
      const response = await fetch(input, { ...init, headers: { Origin: origin } });
      const allowed = response.headers.get('access-control-allow-origin');
      if (allowed !== '*' && allowed !== origin) throw new TypeError('Failed to fetch');
      return response;
    };

  it('says to add the site to webCorsOriginList when Anki does not allow its origin, and adds nothing', async () => {
    await expect(createAnkiConnect(fake.url, pageFetch('http://localhost')).modelNames()).resolves.toHaveLength(2);

    const anki = createAnkiConnect(fake.url, pageFetch('https://kotoba.example'));
    const error = await failure(anki.addNote(buildAnkiNote(mapping, dog)));
    expect(error.reason).toBe('unreachable');
    expect(error.message).toContain(`add this site (${location.origin}) to webCorsOriginList`);
    expect(fake.requests.at(-1)).toMatchObject({ action: 'addNote', origin: 'https://kotoba.example' });
    expect(fake.addedNotes).toEqual([]);
  });

  it('reports Anki closed as unreachable, and any other failure as not reaching Anki', async () => {
    await fake.close();
    const error = await failure(createAnkiConnect(fake.url).addNote(buildAnkiNote(mapping, dog)));
    expect(error.reason).toBe('unreachable');
    expect(ankiErrorMessage(error)).toMatch(/^Anki did not answer\. Start Anki with the AnkiConnect add-on/);
    expect(ankiErrorMessage(new Error('boom'))).toBe('Could not reach Anki.');
  });
});

describe('buildAnkiNote', () => {
  it('fills each field as mapped, HTML-escaped with line breaks as <br>, and tags the note', () => {
    const note = buildAnkiNote(
      {
        deck: 'Japanese::Mining',
        model: 'Basic (and reversed card)',
        fields: { Front: 'word', Back: 'meaning', Example: 'sentence', Notes: 'none', Where: 'source' },
      },
      {
        word: 'Tom & Jerry',
        reading: 'unused',
        meaning: '<i>not</i> "markup"',
        sentence: 'first line\nsecond\r\nthird\rend',
        source: 'The Lighthouse Keeper, scene 3',
      },
    );
    expect(note).toEqual({
      deckName: 'Japanese::Mining',
      modelName: 'Basic (and reversed card)',
      fields: {
        Front: 'Tom &amp; Jerry',
        Back: '&lt;i&gt;not&lt;/i&gt; &quot;markup&quot;',
        Example: 'first line<br>second<br>third<br>end',
        Notes: '',
        Where: 'The Lighthouse Keeper, scene 3',
      },
      tags: ['kotoba-tales'],
    });
  });
});
