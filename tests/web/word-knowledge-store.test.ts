import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetWordStates, loadWordStates, markWord, undoWordChange, wordKnowledge, wordState } from '../../src/state/word-knowledge';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const CHANGE = { id: '7d0b3c52-6a57-4f43-8f5e-3c8a1a9e2b10', kind: 'mark', count: 1 } as const;

afterEach(() => {
  forgetWordStates();
  vi.unstubAllGlobals();
});

describe('the word statuses store', () => {
  it('asks the server once per word, and takes a word it has no row for as new', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      const { keys } = JSON.parse(String(init!.body));
      return json(200, { words: keys.includes('駅|えき') ? { '駅|えき': { status: 'known', stage: 0 } } : {} });
    });
    vi.stubGlobal('fetch', fetch);
    await loadWordStates('ja', ['駅|えき', '店|みせ', '駅|えき']);
    await loadWordStates('ja', ['駅|えき', '店|みせ']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ language: 'ja', keys: ['駅|えき', '店|みせ'] });
    expect(wordState(wordKnowledge.states, 'ja', '駅|えき')).toEqual({ status: 'known', stage: 0 });
    expect(wordState(wordKnowledge.states, 'ja', '店|みせ')).toEqual({ status: 'new', stage: 0 });
    // The same key in the other language is another word.
    expect(wordState(wordKnowledge.states, 'en', '駅|えき')).toEqual({ status: 'new', stage: 0 });
  });

  it('asks again after a failed look-up', async () => {
    const fetch = vi.fn(async () => json(503, { detail: 'The service is temporarily unavailable.' }));
    vi.stubGlobal('fetch', fetch);
    await expect(loadWordStates('en', ['run'])).rejects.toThrow();
    await expect(loadWordStates('en', ['run'])).rejects.toThrow();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shows a mark at once, and puts the word back when the server refuses it', async () => {
    let answer = json(200, { key: 'run', state: { status: 'known', stage: 0 }, change: CHANGE });
    const fetch = vi.fn(async () => answer);
    vi.stubGlobal('fetch', fetch);
    const marked = markWord('en', 'run', { status: 'known', stage: 0 });
    expect(wordState(wordKnowledge.states, 'en', 'run').status).toBe('known');
    expect(await marked).toEqual(CHANGE);

    answer = json(400, { detail: 'Stage must be 1 to 4' });
    await expect(markWord('en', 'run', { status: 'learning', stage: 9 })).rejects.toThrow('Stage must be 1 to 4');
    expect(wordState(wordKnowledge.states, 'en', 'run')).toEqual({ status: 'known', stage: 0 });
  });

  it('takes the states an undo restores, and forgets everything at sign-out', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { restored: 2, words: { run: { status: 'new', stage: 0 }, walk: { status: 'learning', stage: 3 } } })));
    expect(await undoWordChange('en', CHANGE.id)).toBe(2);
    expect(wordState(wordKnowledge.states, 'en', 'walk')).toEqual({ status: 'learning', stage: 3 });
    forgetWordStates();
    expect(wordKnowledge.states).toEqual({});
  });
});
