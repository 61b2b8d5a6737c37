import { eq } from 'drizzle-orm';
import { createEmptyCard, fsrs, Rating, type Card } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewCards, reviewLogs } from '../../../src/server/db/schema';
import { ankiExportText } from '../../../src/server/review/anki-export';
import { toFsrsCard } from '../../../src/server/review/fsrs-card';
import { createReview } from '../../../src/server/review/service';
import { createWordKnowledge } from '../../../src/server/words/knowledge';
import { progressSchema } from '../../../src/shared/progress';
import { gradeResponse, reviewQueueSchema, saveCardResponse, type Grade } from '../../../src/shared/review';
import { startTestServer, type TestServer } from '../support/app';
import { createEn, openStorySocket, verifiedReader } from '../support/story-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LIBRARY_LINE_DELAY_MS: '0' });
});
afterAll(async () => {
  await server.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const send = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  server.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });

const word = (key: string, extra: Record<string, unknown> = {}) => ({
  language: 'ja',
  kind: 'word',
  key,
  word: key.split('|')[0],
  reading: key.split('|')[1],
  meaning: 'a meaning',
  sentence: `今日は${key.split('|')[0]}に行きます。`,
  start: 3,
  length: key.split('|')[0]!.length,
  ...extra,
});

async function save(token: string, body: Record<string, unknown>) {
  const response = await send(token, 'POST', '/api/review/cards', body);
  expect([200, 201], response.body).toContain(response.statusCode);
  return saveCardResponse.parse(response.json());
}
async function queue(token: string, zone = 'UTC') {
  const response = await send(token, 'GET', `/api/review/queue?time_zone=${encodeURIComponent(zone)}`);
  expect(response.statusCode, response.body).toBe(200);
  return reviewQueueSchema.parse(response.json());
}
async function grade(token: string, id: string, value: Grade) {
  const response = await send(token, 'POST', `/api/review/cards/${id}/grade`, { grade: value });
  expect(response.statusCode, response.body).toBe(200);
  return gradeResponse.parse(response.json());
}
async function status(token: string, key: string) {
  const response = await send(token, 'POST', '/api/words/lookup', { language: 'ja', keys: [key] });
  return response.json().words[key] ?? { status: 'new', stage: 0 };
}

describe('saving a word for review', () => {
  it('makes a card with its sentence and source, once, and the new word learning 1', async () => {
    const reader = await verifiedReader(server);
    const first = await save(reader.token, word('駅|えき'));
    expect(first).toMatchObject({ created: true, word: { status: 'learning', stage: 1 }, card: { word: '駅', reading: 'えき', state: 'new', sentence: '今日は駅に行きます。', start: 3, length: 1 } });
    const again = await save(reader.token, word('駅|えき'));
    expect(again.created).toBe(false);
    expect(again.card.id).toBe(first.card.id);
    const saved = await send(reader.token, 'POST', '/api/review/saved', { language: 'ja', keys: ['駅|えき', '店|みせ'] });
    expect(saved.json()).toEqual({ saved: ['駅|えき'] });
  });

  it('leaves a known word known, and keeps a grammar note on a pattern card', async () => {
    const reader = await verifiedReader(server);
    await send(reader.token, 'POST', '/api/words/mark', { language: 'ja', key: '山|やま', status: 'known' });
    expect((await save(reader.token, word('山|やま'))).word).toEqual({ status: 'known', stage: 0 });
    const pattern = await save(reader.token, { language: 'ja', kind: 'grammar', key: 'te-iru', word: '〜ている', meaning: 'ongoing action', sentence: '雨が降っている。', start: 3, length: 3, grammar_note: 'て-form + いる' });
    expect(pattern).toMatchObject({ word: null, card: { kind: 'grammar', grammar_note: 'て-form + いる' } });
  });

  it('refuses a bad card in the catalogue’s words, and writes nothing', async () => {
    const reader = await verifiedReader(server);
    const cases: [unknown, number, string][] = [
      [{ ...word('駅|えき'), sentence: '' }, 400, 'The sentence is required'],
      [{ ...word('駅|えき'), start: 40 }, 400, 'The word must lie inside the sentence'],
      [{ ...word('駅|えき'), kind: 'phrase' }, 400, 'Kind must be word or grammar'],
      [{ ...word('駅|えき'), meaning: 'x'.repeat(2_001) }, 400, 'The meaning must be at most 2,000 characters'],
      [{ ...word('駅|えき'), story_id: '00000000-0000-4000-8000-000000000000' }, 404, 'Story not found'],
    ];
    for (const [body, code, detail] of cases) {
      const response = await send(reader.token, 'POST', '/api/review/cards', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(code);
      expect(response.json().detail).toBe(detail);
    }
    expect(await server.database.db.select().from(reviewCards).where(eq(reviewCards.userId, reader.userId))).toHaveLength(0);
    const signedOut = await server.app.inject({ method: 'POST', url: '/api/review/cards', payload: word('駅|えき') });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('scheduling', () => {
  it('matches ts-fsrs for a scripted sequence of grades', async () => {
    const reader = await verifiedReader(server);
    const { card } = await save(reader.token, word('図書館|としょかん'));
    const review = createReview(server.database.db, createWordKnowledge(server.database.db));
    const [row] = await server.database.db.select().from(reviewCards).where(eq(reviewCards.id, card.id));
    let expected: Card = toFsrsCard(row!);
    expect(expected).toMatchObject({ ...createEmptyCard(row!.due), due: row!.due });
    const reference = fsrs();
    const ratings = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy } as const;
    const script: [Grade, number][] = [
      ['good', 0],
      ['again', 10 * 60_000],
      ['good', 11 * 60_000],
      ['good', 1 * 86_400_000],
      ['hard', 4 * 86_400_000],
      ['easy', 12 * 86_400_000],
      ['again', 50 * 86_400_000],
      ['good', 51 * 86_400_000],
    ];
    const start = Date.now();
    for (const [value, offset] of script) {
      const at = new Date(start + offset);
      expected = reference.next(expected, at, ratings[value]).card;
      const graded = await review.grade(reader.userId, card.id, value, at);
      const [stored] = await server.database.db.select().from(reviewCards).where(eq(reviewCards.id, card.id));
      const actual = toFsrsCard(stored!);
      expect(actual.due.getTime(), `${value} at +${offset}`).toBe(expected.due.getTime());
      expect(actual.stability).toBeCloseTo(expected.stability, 10);
      expect(actual.difficulty).toBeCloseTo(expected.difficulty, 10);
      expect([actual.state, actual.scheduled_days, actual.reps, actual.lapses, actual.learning_steps]).toEqual([
        expected.state,
        expected.scheduled_days,
        expected.reps,
        expected.lapses,
        expected.learning_steps,
      ]);
      expect(graded.card.reps).toBe(expected.reps);
    }
  });

  it('follows the daily limits, counting new cards apart, in the learner’s time zone', async () => {
    const reader = await verifiedReader(server);
    const limits = await send(reader.token, 'PUT', '/api/review/settings', { new_per_day: 2, reviews_per_day: 1 });
    expect(limits.json()).toEqual({ new_per_day: 2, reviews_per_day: 1 });
    for (const key of ['一|いち', '二|に', '三|さん']) await save(reader.token, word(key));
    const before = await queue(reader.token, 'Asia/Tokyo');
    expect([before.new, before.due, before.done_today]).toEqual([2, 0, 0]);
    expect(before.cards.map((c) => c.word)).toEqual(['一', '二']);
    await grade(reader.token, before.cards[0]!.id, 'easy');
    await grade(reader.token, before.cards[1]!.id, 'again');
    const after = await queue(reader.token, 'Asia/Tokyo');
    // Two new cards introduced: none left today; the card failed comes back in a minute (learn ahead).
    expect([after.new, after.done_today]).toEqual([0, 2]);
    expect(after.cards.map((c) => c.word)).toEqual(['二']);
    expect((await send(reader.token, 'GET', '/api/review/count?time_zone=Asia%2FTokyo')).json()).toEqual({ due: 0 });

    for (const [body, detail] of [
      [{ new_per_day: -1, reviews_per_day: 5 }, 'New cards a day must be at least 0'],
      [{ new_per_day: 5, reviews_per_day: 1.5 }, 'Reviews a day must be a whole number'],
      [{ new_per_day: 5, reviews_per_day: 10_000 }, 'Reviews a day must be at most 9,999'],
    ] as const) {
      const response = await send(reader.token, 'PUT', '/api/review/settings', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
    expect((await send(reader.token, 'GET', '/api/review/queue?time_zone=Mars%2FOlympus')).json().detail).toBe('Unknown time zone');
  });

  it('undoes the last grade: the card as it was and the word’s status', async () => {
    const reader = await verifiedReader(server);
    const { card } = await save(reader.token, word('海|うみ'));
    const [before] = await server.database.db.select().from(reviewCards).where(eq(reviewCards.id, card.id));
    const review = createReview(server.database.db, createWordKnowledge(server.database.db));
    const at = Date.now();
    await review.grade(reader.userId, card.id, 'good', new Date(at));
    await review.grade(reader.userId, card.id, 'good', new Date(at + 20 * 60_000));
    const [once] = await server.database.db.select().from(reviewCards).where(eq(reviewCards.id, card.id));
    const graded = await review.grade(reader.userId, card.id, 'good', new Date(at + 3 * 86_400_000));
    expect(graded.word).toEqual({ status: 'learning', stage: 4 });

    const undone = await send(reader.token, 'POST', '/api/review/undo');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().word).toEqual({ status: 'learning', stage: 2 });
    const [restored] = await server.database.db.select().from(reviewCards).where(eq(reviewCards.id, card.id));
    expect(restored).toEqual(once);
    expect(await status(reader.token, '海|うみ')).toEqual({ status: 'learning', stage: 2 });
    expect(await server.database.db.select().from(reviewLogs).where(eq(reviewLogs.cardId, card.id))).toHaveLength(2);

    await send(reader.token, 'POST', '/api/review/undo');
    await send(reader.token, 'POST', '/api/review/undo');
    const [first] = await server.database.db.select().from(reviewCards).where(eq(reviewCards.id, card.id));
    expect(first).toEqual(before);
    const nothing = await send(reader.token, 'POST', '/api/review/undo');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().detail).toBe('There is no grade to undo');
  });

  it('keeps statuses with reviews: a card graded Easy for long enough makes its word known', async () => {
    const reader = await verifiedReader(server);
    const { card } = await save(reader.token, word('空|そら'));
    const review = createReview(server.database.db, createWordKnowledge(server.database.db));
    let at = Date.now();
    let last;
    for (let i = 0; i < 6; i++) {
      last = await review.grade(reader.userId, card.id, 'easy', new Date(at));
      if (last.card.scheduled_days >= 21) break;
      at += last.card.scheduled_days * 86_400_000;
    }
    expect(last!.card.scheduled_days).toBeGreaterThanOrEqual(21);
    expect(await status(reader.token, '空|そら')).toEqual({ status: 'known', stage: 0 });
    // Forgotten later: learning again.
    await review.grade(reader.userId, card.id, 'again', new Date(at + 30 * 86_400_000));
    expect(await status(reader.token, '空|そら')).toEqual({ status: 'learning', stage: 1 });
    // An ignored word stays ignored whatever its card says.
    await send(reader.token, 'POST', '/api/words/mark', { language: 'ja', key: '空|そら', status: 'ignored' });
    await review.grade(reader.userId, card.id, 'good', new Date(at + 31 * 86_400_000));
    expect(await status(reader.token, '空|そら')).toEqual({ status: 'ignored', stage: 0 });
  });

  it('names the word cards due now, for the reader to mark in a scene', async () => {
    const reader = await verifiedReader(server);
    const { card } = await save(reader.token, word('窓|まど'));
    await save(reader.token, word('机|つくえ'));
    const dueWords = async () => (await send(reader.token, 'GET', '/api/review/due-words?language=ja')).json();
    // A card never studied is new, not due; one graded and come due again is.
    expect(await dueWords()).toEqual({ keys: [] });
    await grade(reader.token, card.id, 'good');
    await server.database.db.update(reviewCards).set({ due: new Date(Date.now() - 60_000) }).where(eq(reviewCards.id, card.id));
    expect(await dueWords()).toEqual({ keys: ['窓|まど'] });
    expect((await send(reader.token, 'GET', '/api/review/due-words?language=en')).json()).toEqual({ keys: [] });
  });

  it('keeps one learner’s cards from another', async () => {
    const owner = await verifiedReader(server);
    const other = await verifiedReader(server);
    const { card } = await save(owner.token, word('川|かわ'));
    const response = await send(other.token, 'POST', `/api/review/cards/${card.id}/grade`, { grade: 'good' });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Card not found');
    expect((await queue(other.token)).cards).toEqual([]);
    const bad = await send(owner.token, 'POST', `/api/review/cards/${card.id}/grade`, { grade: 'perfect' });
    expect(bad.json().detail).toBe('Grade must be again, hard, good or easy');
  });
});

describe('the Anki export', () => {
  it('writes Anki’s import headers and one escaped line per card', async () => {
    const reader = await verifiedReader(server);
    await save(reader.token, word('駅|えき', { meaning: 'station <train>\nor stop' }));
    await save(reader.token, { language: 'ja', kind: 'grammar', key: 'te-iru', word: '〜ている', meaning: 'ongoing', sentence: '雨が降っている。', start: 3, length: 3, grammar_note: 'て-form\t+ いる' });
    const response = await send(reader.token, 'GET', '/api/review/export?language=ja');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="kotoba-tales-ja-words.txt"');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('#separator:tab');
    expect(lines[1]).toBe('#html:true');
    expect(lines[2]).toBe('#deck:Kotoba Tales::Japanese');
    expect(lines[3]).toBe('#columns:Word\tReading\tMeaning\tSentence\tSource\tGrammar\tTags');
    expect(lines[4]).toBe('#tags column:7');
    expect(lines[5]).toBe('駅\tえき\tstation &lt;train&gt;<br>or stop\t今日は<b>駅</b>に行きます。\t\t\tkotoba-tales');
    expect(lines[6]).toBe('〜ている\t\tongoing\t雨が降<b>ってい</b>る。\t\tて-form + いる\tkotoba-tales grammar');
    expect(lines[7]).toBe('');
    expect(lines).toHaveLength(8);
    const english = await send(reader.token, 'GET', '/api/review/export?language=en');
    expect(english.body).toBe('#separator:tab\n#html:true\n#deck:Kotoba Tales::English\n#columns:Word\tReading\tMeaning\tSentence\tSource\tGrammar\tTags\n#tags column:7\n');
    expect((await send(reader.token, 'GET', '/api/review/export?language=fr')).statusCode).toBe(400);
  });

  it('names the story and scene a card came from', () => {
    const text = ankiExportText('en', [
      { word: 'harbour', reading: '', meaning: 'a port', sentence: 'The "harbour" & the sea', start: 5, length: 7, storyTitle: 'Salt Road', sceneNumber: 3, grammarNote: '', kind: 'word' } as never,
    ]);
    expect(text.split('\n')[5]).toBe('harbour\t\ta port\tThe &quot;<b>harbour</b>&quot; &amp; the sea\tSalt Road, scene 3\t\tkotoba-tales');
  });
});

describe('progress', () => {
  it('counts lines newly read with their time, reviews and words learned, per day, and the streak', async () => {
    const reader = await verifiedReader(server);
    const socket = await openStorySocket(server, `temp-${Math.random()}`, reader.token);
    socket.send(createEn);
    const storyId = (await socket.next('story_id_ready')).data.story_id;
    await socket.next('stream_done');
    const detail = (await send(reader.token, 'GET', `/api/stories/${storyId}`)).json().data;
    const dialogue = detail.current_scene.dialogue as { text: string }[];
    const sceneId: string = detail.current_scene.scene_id;

    socket.send({ type: 'read_to', scene_id: sceneId, line_index: 0 });
    socket.send({ type: 'read_to', scene_id: sceneId, line_index: 3 });
    // Back and forward again over lines already read: not counted twice.
    socket.send({ type: 'read_to', scene_id: sceneId, line_index: 1 });
    socket.send({ type: 'read_to', scene_id: sceneId, line_index: 3 });
    await expect.poll(async () => (await send(reader.token, 'GET', `/api/stories/${storyId}`)).json().data.current_scene.read_to).toBe(3);
    socket.ws.close();

    const { card } = await save(reader.token, { ...word('run', { language: 'en', word: 'run', reading: '', sentence: 'I run.', start: 2, length: 3 }), story_id: storyId, scene_id: sceneId });
    expect(card).toMatchObject({ story_title: detail.title, scene_number: 1 });
    await grade(reader.token, card.id, 'good');
    await send(reader.token, 'POST', '/api/words/mark', { language: 'en', key: 'harbour', status: 'known' });

    const response = await send(reader.token, 'GET', '/api/progress?language=en&time_zone=Europe%2FBerlin&days=7');
    expect(response.statusCode, response.body).toBe(200);
    const progress = progressSchema.parse(response.json());
    expect(progress.days).toHaveLength(7);
    const today = progress.days.at(-1)!;
    const characters = dialogue.slice(0, 4).reduce((sum, line) => sum + [...line.text].length, 0);
    expect(today).toMatchObject({ lines: 4, characters, reviewed: 1, learned: 1, known: 1 });
    expect(today.seconds).toBeLessThanOrEqual(4 * 60);
    expect(progress.days[0]).toMatchObject({ lines: 0, reviewed: 0, known: 0 });
    expect(progress.streak).toBe(1);
    expect(progress.totals).toMatchObject({ known: 1, reviewed: 1, lines: 4, characters });
    expect(progress.coverage.levels.map((l) => l.level)).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);

    for (const [query, detailText] of [
      ['language=en&days=3', 'Days must be at least 7'],
      ['language=en&time_zone=Nowhere', 'Unknown time zone'],
      ['language=xx', 'Language must be ja or en'],
    ]) {
      const bad = await send(reader.token, 'GET', `/api/progress?${query}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toBe(detailText);
    }
  });
});
