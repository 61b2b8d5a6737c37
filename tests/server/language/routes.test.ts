import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXTUAL_TIMEOUT_MS } from '../../../src/server/language/vocabulary/explain';
import { loginToken, registerUser, startTestServer, type TestServer } from '../support/app';
import { startFakeChatServer, type FakeChatServer } from '../support/fake-openai';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.language.ready;
  const { email } = await registerUser(server);
  token = await loginToken(server, email);
});
afterAll(() => server.close());

const post = (url: string, payload: unknown, auth?: string) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers: auth ? { authorization: `Bearer ${auth}` } : {} });
const get = (url: string, auth?: string) => server.app.inject({ method: 'GET', url, headers: auth ? { authorization: `Bearer ${auth}` } : {} });

describe('POST /api/analysis', () => {
  it('answers fingerprint, html_text, grammar patterns and vocabulary words', async () => {
    const response = await post('/api/analysis', { text: 'ここで写真を撮ってもいいですか。', user_level: 'N5' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(body.language).toBe('ja');
    expect(body.html_text).toContain('<ruby>写真<rt>しゃしん</rt></ruby>');
    expect(body.grammar_patterns.map((p: { id: string }) => p.id)).toContain('ja-n5-te-mo-ii');
    expect(body.vocabulary_words.map((w: { base_form: string }) => w.base_form)).toContain('撮る');
    const again = await post('/api/analysis', { text: 'ここで写真を撮ってもいいですか。', user_level: 'N5' });
    expect(again.json().fingerprint).toBe(body.fingerprint);
    const otherLevel = await post('/api/analysis', { text: 'ここで写真を撮ってもいいですか。', user_level: 'N3' });
    expect(otherLevel.json().fingerprint).not.toBe(body.fingerprint);
  });

  it('analyses English at a CEFR level', async () => {
    const response = await post('/api/analysis', { text: 'She has been living in London since 2019.', user_level: 'B1' });
    expect(response.json().language).toBe('en');
    expect(response.json().grammar_patterns.map((p: { id: string }) => p.id)).toContain('en-b1-present-perfect-continuous');
  });

  it.each([
    [{ text: '' }, 'Text is required'],
    [{ text: '   ' }, 'Text is required'],
    [{}, 'text is required'],
    [{ text: 'あ'.repeat(50_000 / 3) }, 'Text must be at most 10000 characters'],
    [{ text: 'x'.repeat(50_000) }, 'Text must be at most 10000 characters'],
    [{ text: '猫', user_level: 'N9' }, 'Level must be one of'],
    [{ text: 'A cat.', language: 'fr' }, 'Language must be ja or en'],
    [{ text: 'A cat.', user_level: 'N3' }, 'The text is not Japanese'],
    [{ text: '猫がいる', user_level: 'B1' }, 'The text is Japanese, not English'],
    [{ text: '猫がいる', user_level: 'B1', language: 'ja' }, 'Level B1 does not fit Japanese'],
  ])('refuses %j', async (payload, message) => {
    const response = await post('/api/analysis', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(message);
  });
});

describe('grammar calls', () => {
  it('detects patterns with offsets, optionally with explanations', async () => {
    const text = '日本に行きたいです。';
    const plain = await post('/api/grammar/detect', { text, user_level: 'N5' });
    const tai = plain.json().patterns.find((p: { id: string }) => p.id === 'ja-n5-tai');
    expect(text.slice(tai.start, tai.end)).toBe(tai.matched_text);
    expect(plain.json().explanations).toBeUndefined();
    const full = await post('/api/grammar/detect', { text, user_level: 'N5', include_explanations: true });
    expect(full.json().explanations['ja-n5-tai'].anki_export_data.front).toContain(text);
    expect((await post('/api/grammar/detect', { text: '' })).statusCode).toBe(400);
  });

  it('explains the highlighted pattern and records it for a signed-in learner', async () => {
    const response = await post(
      '/api/grammar/explain',
      { highlighted_text: 'たい', full_sentence: '日本に行きたいです。', user_level: 'N5' },
      token,
    );
    expect(response.statusCode).toBe(200);
    const { explanation } = response.json().data;
    expect(response.json().success).toBe(true);
    expect(explanation).toMatchObject({ pattern_id: 'ja-n5-tai', jlpt_level: 'N5' });
    expect(explanation.basic_explanation.length).toBeGreaterThan(20);
    expect(explanation.examples[0]).toHaveProperty('japanese');
    expect(explanation.anki_export_data.back).toContain('Formation:');

    const byId = await post('/api/grammar/explain', { pattern_id: 'ja-n5-te-mo-ii', highlighted_text: 'てもいい', full_sentence: '帰ってもいい？' }, token);
    expect(byId.json().data.explanation.pattern_id).toBe('ja-n5-te-mo-ii');

    const progress = (await get('/api/grammar/progress', token)).json().data;
    expect(progress.patterns_seen).toBe(2);
    expect(progress.by_level.find((l: { language: string; level: string }) => l.language === 'ja' && l.level === 'N5')).toMatchObject({ seen: 2 });
    expect(progress.recent[0].pattern_id).toBe('ja-n5-te-mo-ii');
  });

  it('refuses explanations it cannot give', async () => {
    const none = await post('/api/grammar/explain', { highlighted_text: '猫', full_sentence: '猫。' });
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('No grammar pattern found in the highlighted text');
    const unknown = await post('/api/grammar/explain', { pattern_id: 'ja-n9-nope', highlighted_text: 'x', full_sentence: '猫。' });
    expect(unknown.statusCode).toBe(404);
    const bad = await post('/api/grammar/explain', { highlighted_text: '', full_sentence: '猫。' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('The highlighted text is required');
  });

  it('keeps progress and statistics per learner and behind sign-in', async () => {
    expect((await get('/api/grammar/progress')).statusCode).toBe(401);
    expect((await get('/api/grammar/statistics')).statusCode).toBe(401);
    await post('/api/vocabulary/explain', { word: '猫', full_sentence: '猫がいる。' }, token);
    await post('/api/vocabulary/explain', { word: '猫', full_sentence: '猫がいる。' }, token);
    const stats = (await get('/api/grammar/statistics', token)).json().data;
    expect(stats.distinct_patterns).toBeGreaterThanOrEqual(2);
    expect(stats.grammar_views).toBeGreaterThanOrEqual(2);
    expect(stats.word_lookups).toBeGreaterThanOrEqual(2);
    expect(stats.words_by_level).toContainEqual({ language: 'ja', level: 'N5', words: 1 });
    expect(stats.catalogue.japanese).toBeGreaterThanOrEqual(150);

    const { email } = await registerUser(server);
    const other = await loginToken(server, email);
    expect((await get('/api/grammar/progress', other)).json().data.patterns_seen).toBe(0);
  });

  it('stores feedback on a known pattern', async () => {
    const ok = await post('/api/grammar/feedback', { pattern_id: 'ja-n5-tai', feedback_type: 'helpful', details: 'clear', app_version: '0.9.0' });
    expect(ok.statusCode).toBe(201);
    expect((await post('/api/grammar/feedback', { pattern_id: 'nope', feedback_type: 'helpful' })).statusCode).toBe(404);
    const badType = await post('/api/grammar/feedback', { pattern_id: 'ja-n5-tai', feedback_type: 'love' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().detail).toContain('Feedback type must be one of');
  });
});

describe('vocabulary calls', () => {
  it('detects clickable words', async () => {
    const response = await post('/api/vocabulary/detect', { text: 'ここで待ってください。' });
    expect(response.json().words.map((w: { surface: string }) => w.surface)).toEqual(['ここ', '待っ', 'ください']);
    expect((await post('/api/vocabulary/detect', { text: '' })).statusCode).toBe(400);
  });

  it('explains words offline from the dictionaries, kana words included', async () => {
    const eat = (await post('/api/vocabulary/explain', { word: '食べた', full_sentence: 'りんごを食べた。' })).json();
    expect(eat).toMatchObject({ word: '食べた', reading: 'たべる', level: 'N5', contextual: false });
    expect(eat.explanation).toContain('to eat');
    const suru = (await post('/api/vocabulary/explain', { word: 'する' })).json();
    expect(suru.explanation.length).toBeGreaterThan(3);
    const koko = (await post('/api/vocabulary/explain', { word: 'ここ' })).json();
    expect(koko.explanation).toMatch(/here/i);
    const cat = (await post('/api/vocabulary/explain', { word: 'cats', full_sentence: 'Two cats slept.' })).json();
    expect(cat).toMatchObject({ word: 'cats', level: 'A1', contextual: false, part_of_speech: 'noun' });
    expect(cat.explanation).toMatch(/feline/);
  });

  it('refuses bad words', async () => {
    expect((await post('/api/vocabulary/explain', { word: '' })).json().detail).toBe('The word is required');
    expect((await post('/api/vocabulary/explain', { word: '猫', language: 'en' })).json().detail).toBe('The word is Japanese, not English');
    expect((await post('/api/vocabulary/explain', { word: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await post('/api/vocabulary/explain/batch', { items: [] })).json().detail).toBe('At least one item is required');
  });

  it('explains in batches from the cache and reports time and hits', async () => {
    const items = [{ word: '猫', full_sentence: '猫が好き。' }, { word: 'ambiguous' }, { word: '図書館' }];
    const first = (await post('/api/vocabulary/explain/batch', { items })).json();
    expect(first.explanations).toHaveLength(3);
    expect(typeof first.total_time_ms).toBe('number');
    const second = (await post('/api/vocabulary/explain/batch', { items })).json();
    expect(second.cached_count).toBe(3);
    expect(second.explanations).toEqual(first.explanations);
    const stats = (await get('/api/vocabulary/cache/stats')).json();
    expect(stats.entries).toBeGreaterThanOrEqual(3);
    expect(stats.hits).toBeGreaterThanOrEqual(3);
    expect(stats.contextual_enabled).toBe(false);
  });
});

describe('contextual explanations from an OpenAI-compatible model', () => {
  let model: FakeChatServer;
  let withModel: TestServer;
  beforeAll(async () => {
    model = await startFakeChatServer();
    withModel = await startTestServer({ LLM_BASE_URL: model.url, LLM_MODEL: 'fake-tutor', LLM_API_KEY: 'k' });
  });
  afterAll(async () => {
    await withModel.close();
    await model.close();
  });
  const explain = (payload: object) => withModel.app.inject({ method: 'POST', url: '/api/vocabulary/explain', payload });

  it('asks the model about the word in its sentence and caches the answer', async () => {
    model.behave({ answer: 'Here 空いた means your stomach is empty: you are hungry.' });
    const first = (await explain({ word: '空いた', full_sentence: 'お腹が空いた。', user_level: 'N4' })).json();
    expect(first).toMatchObject({ contextual: true, cached: false, explanation: 'Here 空いた means your stomach is empty: you are hungry.' });
    expect(model.requests.at(-1)?.model).toBe('fake-tutor');
    expect(model.requests.at(-1)?.messages.at(-1)?.content).toContain('お腹が空いた。');
    const calls = model.requests.length;
    const second = (await explain({ word: '空いた', full_sentence: 'お腹が空いた。', user_level: 'N4' })).json();
    expect(second).toMatchObject({ contextual: true, cached: true });
    expect(model.requests.length).toBe(calls);
  });

  it('falls back to the dictionary when the model fails or answers nothing', async () => {
    model.behave({ status: 500 });
    const failed = (await explain({ word: '犬', full_sentence: '犬が走る。' })).json();
    expect(failed.contextual).toBe(false);
    expect(failed.explanation).toMatch(/dog/);
    model.behave({ answer: '' });
    expect((await explain({ word: '鳥', full_sentence: '鳥が飛ぶ。' })).json().contextual).toBe(false);
  });

  it(
    'falls back to the dictionary when the model is slower than the time-out',
    async () => {
      model.behave({ answer: 'late', delayMs: CONTEXTUAL_TIMEOUT_MS + 1000 });
      const started = Date.now();
      const slow = (await explain({ word: '魚', full_sentence: '魚を食べる。' })).json();
      expect(slow.contextual).toBe(false);
      expect(Date.now() - started).toBeLessThan(CONTEXTUAL_TIMEOUT_MS + 900);
    },
    CONTEXTUAL_TIMEOUT_MS + 5000,
  );
});

describe('readiness', () => {
  it('reports ready only once the language data is loaded', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.json()).toEqual({ status: 'ready' });
  });
});
