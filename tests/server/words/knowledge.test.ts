import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnkiConnect } from '../../../src/scenes/anki-connect';
import { wordChanges, wordKnowledge } from '../../../src/server/db/schema';
import { analysisResultSchema } from '../../../src/shared/language';
import { importPreviewSchema, knowledgeSummarySchema, sceneFinishedResponse, undoResponse } from '../../../src/shared/words';
import { startAnkiConnectFake } from '../../support/anki-connect-fake';
import { startTestServer, type TestServer } from '../support/app';
import { createJa, openStorySocket, verifiedReader } from '../support/story-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LIBRARY_LINE_DELAY_MS: '0' });
});
afterAll(async () => {
  await server.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (token: string, url: string, payload: unknown) => server.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });
const get = (token: string, url: string) => server.app.inject({ method: 'GET', url, headers: auth(token) });

async function statuses(token: string, language: 'ja' | 'en', keys: string[]) {
  const response = await post(token, '/api/words/lookup', { language, keys });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().words as Record<string, { status: string; stage: number }>;
}
async function mark(token: string, body: Record<string, unknown>) {
  const response = await post(token, '/api/words/mark', { language: 'ja', ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function keysOf(text: string, language: 'ja' | 'en') {
  const response = await server.app.inject({ method: 'POST', url: '/api/analysis', payload: { text, language } });
  return analysisResultSchema.parse(response.json()).vocabulary_words.map((w) => [w.surface, w.key]);
}
async function rowCount(userId: string) {
  return (await server.database.db.select().from(wordKnowledge).where(eq(wordKnowledge.userId, userId))).length;
}

describe('a word is one word in every form', () => {
  it('gives every inflection of a Japanese word its dictionary form and reading, and every English form its lemma', async () => {
    const ja = Object.fromEntries(await keysOf('昨日は肉を食べた。今日は魚を食べます。明日は何も食べない。来た人も来ない人もいる。', 'ja'));
    expect([ja['食べ'], ja['食べる']].filter(Boolean)).toEqual(['食べる|たべる']);
    expect(ja['来']).toBe('来る|くる');
    const all = (await keysOf('彼は高かった時計を買いました。高い山に行った。', 'ja')).map(([, key]) => key);
    expect(all.filter((key) => key === '高い|たかい')).toHaveLength(2);
    expect(all).toContain('行く|いく');
    expect(all).toContain('買う|かう');
    const en = await keysOf('She ran, she runs, she was running; the children laughed at the child.', 'en');
    expect(en.filter(([, key]) => key === 'run').map(([surface]) => surface)).toEqual(['ran', 'runs', 'running']);
    expect(en.filter(([, key]) => key === 'child').map(([surface]) => surface)).toEqual(['children', 'child']);
  });

  it('keeps the mark of one form for all the others', async () => {
    const reader = await verifiedReader(server);
    await mark(reader.token, { key: '食べる|たべる', status: 'known' });
    const keys = (await keysOf('パンを食べなかった。', 'ja')).map(([, key]) => key!);
    expect((await statuses(reader.token, 'ja', keys))['食べる|たべる']).toEqual({ status: 'known', stage: 0 });
  });
});

describe('marking a word', () => {
  it('moves through new, learning 1–4, known and ignored, and back to new', async () => {
    const reader = await verifiedReader(server);
    const key = '図書館|としょかん';
    expect(await statuses(reader.token, 'ja', [key])).toEqual({});
    for (const [status, stage] of [['learning', 1], ['learning', 4], ['known', undefined], ['ignored', undefined], ['new', undefined]] as const) {
      const result = await mark(reader.token, { key, status, ...(stage ? { stage } : {}) });
      expect(result).toMatchObject({ key, state: { status, stage: stage ?? 0 }, change: { kind: 'mark', count: 1 } });
      expect((await statuses(reader.token, 'ja', [key]))[key]).toEqual({ status, stage: stage ?? 0 });
    }
    // The same mark again changes nothing, and says so.
    expect((await mark(reader.token, { key, status: 'new' })).change).toBeNull();
  });

  it('refuses what is not a status, in the catalogue’s words', async () => {
    const reader = await verifiedReader(server);
    const cases: [unknown, string][] = [
      [{ language: 'ja', key: 'x', status: 'learning' }, 'A learning word needs a stage from 1 to 4'],
      [{ language: 'ja', key: 'x', status: 'learning', stage: 5 }, 'Stage must be 1 to 4'],
      [{ language: 'ja', key: 'x', status: 'mastered' }, 'Status must be new, learning, known or ignored'],
      [{ language: 'ja', key: 'x'.repeat(201), status: 'known' }, 'The word key must be at most 200 characters'],
      [{ language: 'fr', key: 'x', status: 'known' }, 'Language must be ja or en'],
    ];
    for (const [body, detail] of cases) {
      const response = await post(reader.token, '/api/words/mark', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
    expect(await rowCount(reader.userId)).toBe(0);
    expect((await server.app.inject({ method: 'POST', url: '/api/words/mark', payload: { language: 'ja', key: 'x', status: 'known' } })).statusCode).toBe(401);
  });

  it('keeps each learner’s words their own', async () => {
    const alice = await verifiedReader(server);
    const bob = await verifiedReader(server);
    const marked = await mark(alice.token, { key: '猫|ねこ', status: 'known' });
    expect(await statuses(bob.token, 'ja', ['猫|ねこ'])).toEqual({});
    const undo = await post(bob.token, `/api/words/changes/${marked.change.id}/undo`, {});
    expect(undo.statusCode).toBe(404);
    expect(undo.json().detail).toBe('Change not found');
    expect((await statuses(alice.token, 'ja', ['猫|ねこ']))['猫|ねこ']?.status).toBe('known');
    expect(knowledgeSummarySchema.parse((await get(bob.token, '/api/words/summary')).json()).languages.find((l) => l.language === 'ja')?.known).toBe(0);
  });
});

describe('the end of a scene', () => {
  async function firstScene() {
    const reader = await verifiedReader(server);
    const socket = await openStorySocket(server, `temp-${Math.random()}`, reader.token);
    socket.send(createJa);
    const storyId = (await socket.next('story_id_ready')).data.story_id;
    await socket.next('stream_done');
    const story = (await get(reader.token, `/api/stories/${storyId}`)).json().data;
    socket.ws.close();
    const lines: { text: string }[] = story.current_scene.dialogue;
    return { reader, storyId, sceneId: story.current_scene.scene_id as string, lines };
  }

  it('marks the words seen and never looked up as known, once, and undo puts every one back', async () => {
    const { reader, sceneId, lines } = await firstScene();
    // One word looked up, one marked learning: neither is taken as known.
    const words = (await keysOf(lines.map((l) => l.text).join(''), 'ja')).map(([, key]) => key!);
    const looked = await server.app.inject({
      method: 'POST',
      url: '/api/vocabulary/explain',
      headers: auth(reader.token),
      payload: { word: words[0]!.split('|')[0], key: words[0], language: 'ja' },
    });
    expect(looked.statusCode, looked.body).toBe(200);
    const learning = words.find((key) => key !== words[0])!;
    await mark(reader.token, { key: learning, status: 'learning', stage: 2 });

    const finished = sceneFinishedResponse.parse((await post(reader.token, '/api/words/scene-finished', { scene_id: sceneId, mark_known: true })).json());
    expect(finished.seen).toBeGreaterThan(5);
    expect(finished.change).toMatchObject({ kind: 'scene', count: finished.known.length });
    expect(finished.known).not.toContain(words[0]);
    expect(finished.known).not.toContain(learning);
    const after = await statuses(reader.token, 'ja', [...finished.known, words[0]!, learning]);
    expect(finished.known.every((key) => after[key]?.status === 'known')).toBe(true);
    expect(after[words[0]!]).toEqual({ status: 'new', stage: 0 });
    expect(after[learning]).toEqual({ status: 'learning', stage: 2 });
    const [row] = await server.database.db
      .select()
      .from(wordKnowledge)
      .where(and(eq(wordKnowledge.userId, reader.userId), eq(wordKnowledge.key, finished.known[0]!)));
    expect(row).toMatchObject({ seenCount: expect.any(Number), firstSceneId: sceneId });
    expect(row!.seenCount).toBeGreaterThan(0);

    // Reading the scene again counts nothing.
    expect((await post(reader.token, '/api/words/scene-finished', { scene_id: sceneId, mark_known: true })).json()).toEqual({ seen: 0, known: [], change: null });

    // A word marked after the scene keeps its newer state through the undo.
    const later = finished.known[1]!;
    await mark(reader.token, { key: later, status: 'learning', stage: 3 });
    const undone = undoResponse.parse((await post(reader.token, `/api/words/changes/${finished.change!.id}/undo`, {})).json());
    expect(undone.restored).toBe(finished.known.length - 1);
    const restored = await statuses(reader.token, 'ja', finished.known);
    expect(finished.known.filter((key) => key !== later).every((key) => restored[key]?.status === 'new')).toBe(true);
    expect(restored[later]).toEqual({ status: 'learning', stage: 3 });
    const again = await post(reader.token, `/api/words/changes/${finished.change!.id}/undo`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This change was already undone');
  });

  it('only counts the words as seen when the learner turned the setting off, and refuses a scene not theirs', async () => {
    const { reader, sceneId } = await firstScene();
    const stranger = await verifiedReader(server);
    expect((await post(stranger.token, '/api/words/scene-finished', { scene_id: sceneId, mark_known: true })).json()).toEqual({ detail: 'Scene not found' });
    expect((await post(reader.token, '/api/words/scene-finished', { scene_id: 'nope', mark_known: true })).json()).toEqual({ detail: 'The scene id must be a UUID' });
    const finished = sceneFinishedResponse.parse((await post(reader.token, '/api/words/scene-finished', { scene_id: sceneId, mark_known: false })).json());
    expect(finished.seen).toBeGreaterThan(5);
    expect(finished).toMatchObject({ known: [], change: null });
    const rows = await server.database.db.select().from(wordKnowledge).where(eq(wordKnowledge.userId, reader.userId));
    expect(rows.length).toBe(finished.seen);
    expect(rows.every((r) => r.status === 'new' && r.seenCount > 0)).toBe(true);
  });

  it('shows a story card the share of known words in the scene the learner reads next', async () => {
    const { reader, storyId, sceneId } = await firstScene();
    const before = (await get(reader.token, `/api/words/stories/${storyId}/coverage`)).json();
    expect(before).toMatchObject({ scene_id: sceneId, known: 0 });
    expect(before.total).toBeGreaterThan(5);
    await post(reader.token, '/api/words/import', { kind: 'level', language: 'ja', level: 'N5' });
    const after = (await get(reader.token, `/api/words/stories/${storyId}/coverage`)).json();
    expect(after.known).toBeGreaterThan(before.total / 2);
    expect(after.total).toBe(before.total);
    expect((await get((await verifiedReader(server)).token, `/api/words/stories/${storyId}/coverage`)).statusCode).toBe(404);
  });
});

describe('bringing what you know', () => {
  const preview = async (token: string, source: unknown) => {
    const response = await post(token, '/api/words/import/preview', source);
    expect(response.statusCode, response.body).toBe(200);
    return importPreviewSchema.parse(response.json());
  };
  const apply = async (token: string, source: unknown) => {
    const response = await post(token, '/api/words/import', source);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('imports a pasted list: readings found, duplicates counted once, unreadable lines named, nothing written by the preview', async () => {
    const reader = await verifiedReader(server);
    const text = '# my words\n食べる\n図書館\n食べる\nねこ\n橋[はし]\nxyz\n\n走る\n';
    const shown = await preview(reader.token, { kind: 'list', language: 'ja', text });
    expect(shown).toMatchObject({ words: 5, to_known: 5, to_learning: 0, unchanged: 0, skipped: [{ line: 7, text: 'xyz' }], skipped_count: 1 });
    expect(shown.sample.map((s) => [s.word, s.reading])).toEqual([['食べる', 'たべる'], ['図書館', 'としょかん'], ['ねこ', 'ねこ'], ['橋', 'はし'], ['走る', 'はしる']]);
    expect(await rowCount(reader.userId)).toBe(0);

    const applied = await apply(reader.token, { kind: 'list', language: 'ja', text });
    expect(applied.change).toMatchObject({ kind: 'import', count: 5 });
    expect(await statuses(reader.token, 'ja', ['食べる|たべる', '橋|はし', '走る|はしる'])).toEqual({
      '食べる|たべる': { status: 'known', stage: 0 },
      '橋|はし': { status: 'known', stage: 0 },
      '走る|はしる': { status: 'known', stage: 0 },
    });
    // The same list again changes nothing.
    const twice = await apply(reader.token, { kind: 'list', language: 'ja', text });
    expect(twice).toMatchObject({ to_known: 0, unchanged: 5, change: null });

    const undone = undoResponse.parse((await post(reader.token, `/api/words/changes/${applied.change.id}/undo`, {})).json());
    expect(undone.restored).toBe(5);
    expect(Object.values(await statuses(reader.token, 'ja', ['食べる|たべる', '橋|はし'])).map((s) => s.status)).toEqual(['new', 'new']);
  });

  it('reads CSV with a column choice, Anki’s exported notes, and English lists by lemma', async () => {
    const reader = await verifiedReader(server);
    const csv = 'meaning,word,reading\n"to read, to guess",読む,よむ\nlibrary,図書館,としょかん\n';
    expect(await preview(reader.token, { kind: 'list', language: 'ja', text: csv, column: 2, reading_column: 3 })).toMatchObject({ words: 2, to_known: 2 });
    const anki = '#separator:tab\n#html:true\n#columns:Expression\tReading\tMeaning\n<b>先生</b>\tせんせい\tteacher\n学校&nbsp;\tがっこう\tschool\n';
    expect((await preview(reader.token, { kind: 'list', language: 'ja', text: anki })).sample.map((s) => s.word)).toEqual(['先生', '学校']);
    const english = await apply(reader.token, { kind: 'list', language: 'en', text: 'ran\nChildren\nbook\n', status: 'learning' });
    expect(english).toMatchObject({ words: 3, to_learning: 3 });
    expect(await statuses(reader.token, 'en', ['run', 'child', 'book'])).toEqual({
      run: { status: 'learning', stage: 1 },
      child: { status: 'learning', stage: 1 },
      book: { status: 'learning', stage: 1 },
    });
    // An import never takes a known word back to learning.
    await mark(reader.token, { language: 'en', key: 'book', status: 'known' });
    expect(await preview(reader.token, { kind: 'list', language: 'en', text: 'book', status: 'learning' })).toMatchObject({ unchanged: 1, to_learning: 0 });
  });

  it('refuses a bad file with the line it stopped at, and imports nothing of it', async () => {
    const reader = await verifiedReader(server);
    const cases: [unknown, string][] = [
      [{ kind: 'list', language: 'ja', text: 'word,reading\n食べる,たべる\n"読む,よむ\n' , format: 'table' }, 'Line 3: a quoted field is never closed'],
      [{ kind: 'list', language: 'ja', text: `食べる\n${'長'.repeat(101)}\n` }, 'Line 2: the word is longer than 100 characters'],
      [{ kind: 'list', language: 'ja', text: '食べる\tたべる\n', column: 4, format: 'table' }, 'Column 4 does not exist: the file has 2 columns'],
      [{ kind: 'list', language: 'ja', text: '\n# nothing\n' }, 'The list has no words in it'],
      [{ kind: 'level', language: 'ja', level: 'B1' }, 'Level B1 is not a level of Japanese'],
      [{ kind: 'cards', language: 'ja' }, 'The source must be a list, a level or an Anki deck'],
    ];
    for (const [source, detail] of cases) {
      for (const url of ['/api/words/import/preview', '/api/words/import']) {
        const response = await post(reader.token, url, source);
        expect(response.statusCode, JSON.stringify(source)).toBe(400);
        expect(response.json().detail).toBe(detail);
      }
    }
    expect(await rowCount(reader.userId)).toBe(0);
    expect((await server.database.db.select().from(wordChanges).where(eq(wordChanges.userId, reader.userId))).length).toBe(0);
  });

  it('knows a whole level at once, and the creation screen sees how much of each level is known', async () => {
    const reader = await verifiedReader(server);
    const before = (await get(reader.token, '/api/words/coverage?language=ja')).json();
    expect(before.levels.map((l: { level: string }) => l.level)).toEqual(['N5', 'N4', 'N3', 'N2', 'N1']);
    expect(before.levels.every((l: { known: number; total: number }) => l.known === 0 && l.total > 500)).toBe(true);
    const applied = await apply(reader.token, { kind: 'level', language: 'ja', level: 'N4' });
    expect(applied.to_known).toBeGreaterThan(1000);
    const after = (await get(reader.token, '/api/words/coverage?language=ja')).json();
    const [n5, n4, n3] = after.levels;
    expect(n5.known).toBe(n5.total);
    expect(n4.known).toBe(n4.total);
    expect(n3.known).toBeLessThan(n3.total / 10);
    expect((await apply(reader.token, { kind: 'level', language: 'ja', level: 'N5' })).change).toBeNull();
    const en = await apply(reader.token, { kind: 'level', language: 'en', level: 'A1' });
    expect(en.to_known).toBeGreaterThan(300);
    expect((await statuses(reader.token, 'en', ['house']))['house']?.status).toBe('known');
  });

  it('imports a deck from the learner’s Anki through AnkiConnect: known by interval, learning below it, unstudied cards left out', async () => {
    const reader = await verifiedReader(server);
    const fake = await startAnkiConnectFake({
      decks: [
        {
          name: 'Japanese::Core',
          cards: [
            { fields: { Word: '<span>食べる</span>', Reading: 'たべる', Meaning: 'to eat' }, interval: 120 },
            { fields: { Word: '図書館', Reading: 'としょかん', Meaning: 'library' }, interval: 8 },
            { fields: { Word: '走る', Reading: 'はしる', Meaning: 'to run' }, interval: -600 },
            { fields: { Word: '橋', Reading: 'はし', Meaning: 'bridge' }, interval: 0 },
            { fields: { Word: '食べる', Reading: 'たべる', Meaning: 'to eat (again)' }, interval: 30 },
          ],
        },
        { name: 'Other', cards: [{ fields: { Front: 'apple', Back: 'りんご' }, interval: 50 }] },
      ],
    });
    try {
      const anki = createAnkiConnect(fake.url);
      expect(await anki.deckNames()).toEqual(['Japanese::Core', 'Other']);
      expect(await anki.deckFields('Japanese::Core')).toEqual(['Word', 'Reading', 'Meaning']);
      const cards = (await anki.deckCards('Japanese::Core')).map((card) => ({ word: card.fields.Word!, reading: card.fields.Reading, interval: card.interval }));
      const source = { kind: 'anki', language: 'ja', deck: 'Japanese::Core', cards };
      expect(await preview(reader.token, source)).toMatchObject({ words: 3, to_known: 1, to_learning: 2, skipped_count: 0 });
      const applied = await apply(reader.token, source);
      expect(applied.change).toMatchObject({ count: 3 });
      expect(await statuses(reader.token, 'ja', ['食べる|たべる', '図書館|としょかん', '走る|はしる', '橋|はし'])).toEqual({
        '食べる|たべる': { status: 'known', stage: 0 },
        '図書館|としょかん': { status: 'learning', stage: 3 },
        '走る|はしる': { status: 'learning', stage: 1 },
      });
      expect((await apply(reader.token, source)).change).toBeNull();
      expect(fake.requests.map((r) => r.action)).toEqual(['deckNames', 'findCards', 'cardsInfo', 'findCards', 'cardsInfo']);
    } finally {
      await fake.close();
    }
  });
});
