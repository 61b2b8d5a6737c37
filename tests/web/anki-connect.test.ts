// Runs in the web project's jsdom (its setup file needs `window`, so the node environment is not an
// option). That is no loss: jsdom has no fetch, so the global fetch is still Node's, and every call below
// crosses real TCP to a real server. Node's fetch does not enforce CORS, so the CORS tests read the headers.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnkiConnectError, createAnkiConnect } from '../../src/scenes/anki-connect';
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
