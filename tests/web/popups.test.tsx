import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ankiClipboardText } from '../../src/scenes/popups/anki';
import { GrammarPopup } from '../../src/scenes/popups/GrammarPopup';
import { placePopup } from '../../src/scenes/popups/popup-position';
import { VocabularyPopup } from '../../src/scenes/popups/VocabularyPopup';
import type { DetectedGrammarPattern, GrammarExplanation, VocabularyExplanation, VocabularyWord } from '../../src/shared/language';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A fetch that answers every call with `answer()`; `body(i)` is the JSON body of call i. */
function fakeFetch(answer: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  const body = (index = 0) => JSON.parse(String(fetch.mock.calls[index]![1]!.body));
  return { fetch, body };
}

const anchor = { x: 200, y: 300, width: 80, height: 28 };
const context = { language: 'ja' as const, level: 'N4' as const };
const sentence = '彼は図書館で本を読んでいる。';

// ── Grammar ──────────────────────────────────────────────────────────────────────────────────────

const pattern: DetectedGrammarPattern = {
  id: 'ja-te-iru',
  pattern: '〜ている',
  type: 'verb form',
  level: 'N5',
  meaning: 'ongoing action',
  start: 8,
  end: 13,
  matched_text: '読んでいる',
};

const grammar = (overrides: Partial<GrammarExplanation> = {}): GrammarExplanation => ({
  pattern_id: 'ja-te-iru',
  pattern: '〜ている',
  jlpt_level: 'N5',
  pattern_type: 'Verb form',
  meaning: 'be doing; an action in progress',
  formation: 'Verb て-form + いる',
  basic_explanation: 'Describes an action that is going on now, or a state that results from one.',
  examples: [
    { japanese: '雨が降っている。', english: 'It is raining.', context: 'Weather' },
    { english: 'She is reading.', context: 'Everyday' },
  ],
  anki_export_data: { front: '〜ている\n彼は図書館で本を読んでいる。', back: 'be doing\nVerb て-form + いる' },
  ...overrides,
});

const renderGrammar = (onClose = vi.fn()) => {
  render(<GrammarPopup pattern={pattern} sentence={sentence} context={context} anchor={anchor} onClose={onClose} />);
  return onClose;
};

describe('GrammarPopup', () => {
  it('shows Loading explanation... and then the explanation', async () => {
    const { body } = fakeFetch(() => json(200, { success: true, data: { explanation: grammar() } }));
    renderGrammar();
    const dialog = screen.getByRole('dialog', { name: '〜ている' });
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    expect(screen.getByText('Loading explanation...')).toBeTruthy();

    expect(await screen.findByText('be doing; an action in progress')).toBeTruthy();
    expect(screen.queryByText('Loading explanation...')).toBeNull();
    expect(screen.getByText('N5')).toBeTruthy();
    expect(screen.getByText('Verb form')).toBeTruthy();
    expect(screen.getByText('Verb て-form + いる')).toBeTruthy();
    expect(screen.getByText(/Describes an action that is going on now/)).toBeTruthy();
    expect(screen.getByText('雨が降っている。')).toBeTruthy();
    expect(screen.getByText('It is raining.')).toBeTruthy();
    expect(screen.getByText('She is reading.')).toBeTruthy();
    expect(screen.getByText('Everyday')).toBeTruthy();

    expect(body()).toEqual({
      pattern_id: 'ja-te-iru',
      highlighted_text: '読んでいる',
      full_sentence: sentence,
      user_level: 'N4',
      language: 'ja',
    });
  });

  it('shows the CEFR level of an English pattern', async () => {
    fakeFetch(() => json(200, { success: true, data: { explanation: grammar({ jlpt_level: undefined, cefr_level: 'B1' }) } }));
    renderGrammar();
    expect(await screen.findByText('B1')).toBeTruthy();
  });

  it('is placed next to the anchor, 350 px wide', () => {
    fakeFetch(() => new Promise<Response>(() => {}));
    renderGrammar();
    const dialog = screen.getByRole('dialog');
    const expected = placePopup(anchor, { width: 350, maxHeight: 400 }, { width: window.innerWidth, height: window.innerHeight });
    expect(dialog.style.left).toBe(`${expected.left}px`);
    expect(dialog.style.top).toBe(`${expected.top}px`);
    expect(dialog.style.width).toBe('350px');
  });

  it('says Failed to load explanation when the call fails, and can try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeFetch(() => (fail ? json(404, { detail: 'Unknown grammar pattern' }) : json(200, { success: true, data: { explanation: grammar() } })));
    renderGrammar();
    expect(await screen.findByText('Failed to load explanation')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('be doing; an action in progress')).toBeTruthy();
  });

  it('says No explanation available when there is neither meaning nor explanation', async () => {
    fakeFetch(() => json(200, { success: true, data: { explanation: grammar({ meaning: '', basic_explanation: '' }) } }));
    renderGrammar();
    expect(await screen.findByText('No explanation available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy for Anki' })).toBeNull();
  });

  it('copies the Anki card as two tab-separated fields and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fakeFetch(() => json(200, { success: true, data: { explanation: grammar() } }));
    renderGrammar();
    await user.click(await screen.findByRole('button', { name: 'Copy for Anki' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Anki data copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith('〜ている<br>彼は図書館で本を読んでいる。\tbe doing<br>Verb て-form + いる');
  });

  it('says so when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fakeFetch(() => json(200, { success: true, data: { explanation: grammar() } }));
    renderGrammar();
    await user.click(await screen.findByRole('button', { name: 'Copy for Anki' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Could not copy to the clipboard'));
    expect(alert).not.toHaveBeenCalledWith('Anki data copied to clipboard!');
  });

  it('closes on Escape, on its close button and on a press outside, not on a press inside', async () => {
    const user = userEvent.setup();
    fakeFetch(() => json(200, { success: true, data: { explanation: grammar() } }));
    const onClose = renderGrammar();
    await screen.findByText('be doing; an action in progress');

    fireEvent.pointerDown(screen.getByText('Verb て-form + いる'));
    expect(onClose).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.pointerDown(document.body);
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});

describe('ankiClipboardText', () => {
  it('keeps each field on one line and the tab as the only separator', () => {
    expect(ankiClipboardText({ front: 'a\r\nb\n', back: 'c\td\re' })).toBe('a<br>b\tc d<br>e');
  });
});

// ── Vocabulary ───────────────────────────────────────────────────────────────────────────────────

const word: VocabularyWord = {
  key: '読む|よむ',
  surface: '読んで',
  reading: 'よんで',
  base_form: '読む',
  word_type: 'verb',
  start: 8,
  end: 11,
  level: 'N5',
};

const vocabulary = (overrides: Partial<VocabularyExplanation> = {}): VocabularyExplanation => ({
  word: '読む',
  reading: 'よむ',
  part_of_speech: 'verb',
  level: 'N5',
  explanation: 'to read\nAlso: to guess (someone’s thoughts)',
  contextual: false,
  ...overrides,
});

const renderVocabulary = (w: VocabularyWord = word, onClose = vi.fn()) => {
  render(<VocabularyPopup word={w} sentence={sentence} context={context} anchor={anchor} onClose={onClose} />);
  return onClose;
};

describe('VocabularyPopup', () => {
  it('shows Loading explanation... and then the word, its reading, type, level and explanation', async () => {
    const { body } = fakeFetch(() => json(200, vocabulary()));
    renderVocabulary();
    expect(screen.getByRole('dialog', { name: '読んで' }).getAttribute('aria-modal')).toBe('false');
    expect(screen.getByText('Loading explanation...')).toBeTruthy();

    const text = await screen.findByText(/to read/);
    expect(text.textContent).toBe('to read\nAlso: to guess (someone’s thoughts)');
    expect(text.classList.contains('rp-popup__text--pre')).toBe(true);
    expect(screen.getByText('よんで')).toBeTruthy();
    expect(screen.getByText('動詞')).toBeTruthy();
    expect(screen.getByText('動詞').parentElement?.textContent).toBe('動詞 verb');
    expect(screen.getByText('N5')).toBeTruthy();
    expect(body()).toEqual({ word: '読む', full_sentence: sentence, user_level: 'N4', language: 'ja', key: '読む|よむ' });
  });

  it('looks up the surface when there is no base form, and hides a reading equal to it', async () => {
    const katakana: VocabularyWord = { key: 'コーヒー', surface: 'コーヒー', reading: 'こーひー', base_form: '', word_type: 'noun', start: 0, end: 4, level: null };
    const { body } = fakeFetch(() => json(200, vocabulary({ word: 'コーヒー', reading: 'こーひー', level: null, explanation: 'coffee' })));
    renderVocabulary(katakana);
    expect(await screen.findByText('coffee')).toBeTruthy();
    expect(body().word).toBe('コーヒー');
    expect(screen.queryByText('こーひー')).toBeNull();
    expect(screen.getByText('名詞')).toBeTruthy();
  });

  it('labels every word type in Japanese', async () => {
    fakeFetch(() => new Promise<Response>(() => {}));
    render(
      <>
        {(['adjective', 'adverb', 'pronoun', 'determiner', 'proper-noun', 'other'] as const).map((type) => (
          <VocabularyPopup key={type} word={{ ...word, word_type: type }} sentence={sentence} context={context} anchor={anchor} onClose={() => {}} />
        ))}
      </>,
    );
    for (const label of ['形容詞', '副詞', '代名詞', '連体詞', '固有名詞', 'その他']) expect(screen.getByText(label)).toBeTruthy();
  });

  it('is 320 px wide', () => {
    fakeFetch(() => new Promise<Response>(() => {}));
    renderVocabulary();
    expect(screen.getByRole('dialog').style.width).toBe('320px');
  });

  it('says No explanation available for an empty explanation', async () => {
    fakeFetch(() => json(200, vocabulary({ explanation: '' })));
    renderVocabulary();
    expect(await screen.findByText('No explanation available')).toBeTruthy();
  });

  it('says Failed to load explanation when the call fails', async () => {
    fakeFetch(() => json(400, { detail: 'The word is required' }));
    renderVocabulary();
    expect(await screen.findByText('Failed to load explanation')).toBeTruthy();
  });

  it('closes on Escape and on a press outside', async () => {
    const user = userEvent.setup();
    fakeFetch(() => json(200, vocabulary()));
    const onClose = renderVocabulary();
    await screen.findByText(/to read/);
    fireEvent.pointerDown(screen.getByText(/to read/));
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    fireEvent.pointerDown(document.body);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('moves focus in and gives it back on close', () => {
    fakeFetch(() => new Promise<Response>(() => {}));
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(<VocabularyPopup word={word} sentence={sentence} context={context} anchor={anchor} onClose={() => {}} />);
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});

describe('VocabularyPopup in an English story', () => {
  const en = { language: 'en' as const, level: 'A2' as const };
  const line = 'See you on Friday, said Tom.';
  const english = (w: Partial<VocabularyWord>): VocabularyWord => ({ key: 'Friday', surface: 'Friday', reading: '', base_form: 'friday', word_type: 'proper-noun', start: 11, end: 17, level: null, ...w });
  const renderEnglish = (w: VocabularyWord) =>
    render(<VocabularyPopup word={w} sentence={line} context={en} anchor={anchor} onClose={() => {}} />);

  it('labels the word type in English only', async () => {
    fakeFetch(() => json(200, vocabulary({ word: 'Friday', reading: '', part_of_speech: 'proper noun', level: null, explanation: 'the day before Saturday' })));
    renderEnglish(english({}));
    expect(await screen.findByText('the day before Saturday')).toBeTruthy();
    expect(screen.getByText('proper noun').textContent).toBe('proper noun');
    expect(screen.queryByText('固有名詞')).toBeNull();
    expect(document.querySelector('.rp-badge [lang="ja"]')).toBeNull();
  });

  it('hides a dictionary form that only differs in case, and looks the name up as written', async () => {
    const { body } = fakeFetch(() => json(200, vocabulary({ word: 'Friday', explanation: 'the day before Saturday' })));
    renderEnglish(english({}));
    await screen.findByText('the day before Saturday');
    expect(screen.queryByText(/Dictionary form/)).toBeNull();
    expect(body()).toEqual({ word: 'Friday', full_sentence: line, user_level: 'A2', language: 'en', key: 'Friday' });
  });

  it('shows a dictionary form that is another word, in its own case', async () => {
    const { body } = fakeFetch(() => json(200, vocabulary({ word: 'go', explanation: 'to move' })));
    renderEnglish(english({ surface: 'Went', base_form: 'go', word_type: 'verb', start: 0, end: 4, level: 'A1' }));
    await screen.findByText('to move');
    expect(screen.getByText(/Dictionary form/).textContent).toBe('Dictionary form: go');
    expect(screen.getByText('verb')).toBeTruthy();
    expect(body().word).toBe('go');
  });
});

describe('VocabularyPopup marks', () => {
  it('marks the word known, learning or ignored with one tap or key, and a second press takes it back to new', async () => {
    const user = userEvent.setup();
    const { fetch } = fakeFetch(async () => json(200, vocabulary()));
    fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url !== '/api/words/mark') return json(200, vocabulary());
      const sent = JSON.parse(String(init!.body));
      return json(200, { key: sent.key, state: { status: sent.status, stage: sent.stage ?? 0 }, change: { id: '5b1f0a56-5f4c-4a0e-9a35-2f7c8a0e6b11', kind: 'mark', count: 1 } });
    });
    renderVocabulary();
    await screen.findByText(/to read/);
    const marks = () => fetch.mock.calls.filter(([url]) => url === '/api/words/mark').map(([, init]) => JSON.parse(String(init!.body)));

    await user.click(screen.getByRole('button', { name: 'Known' }));
    expect(screen.getByRole('button', { name: 'Known' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(marks().at(-1)).toEqual({ language: 'ja', key: '読む|よむ', status: 'known' }));

    await user.keyboard('3');
    expect(screen.getByRole('button', { name: 'Learning 3' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Known' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(marks().at(-1)).toEqual({ language: 'ja', key: '読む|よむ', status: 'learning', stage: 3 }));

    await user.keyboard('i');
    await waitFor(() => expect(marks().at(-1)).toMatchObject({ status: 'ignored' }));
    await user.click(screen.getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(marks().at(-1)).toEqual({ language: 'ja', key: '読む|よむ', status: 'new' }));
    expect(screen.getByRole('button', { name: 'Ignore' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('puts the mark back and says so when the server refuses it', async () => {
    const user = userEvent.setup();
    const { fetch } = fakeFetch(async () => json(200, vocabulary()));
    fetch.mockImplementation(async (url: string) => (url === '/api/words/mark' ? json(400, { detail: 'Stage must be 1 to 4' }) : json(200, vocabulary())));
    renderVocabulary({ ...word, key: '読む|よむ-refused' });
    await screen.findByText(/to read/);
    await user.click(screen.getByRole('button', { name: 'Known' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Stage must be 1 to 4');
    expect(screen.getByRole('button', { name: 'Known' }).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('popup body', () => {
  it('is a named scrolling region that the keyboard reaches', async () => {
    const user = userEvent.setup();
    fakeFetch(() => json(200, vocabulary()));
    renderVocabulary();
    await screen.findByText(/to read/);
    const body = screen.getByRole('region', { name: 'Meaning of 読んで' });
    expect(body.tabIndex).toBe(0);
    expect(body.classList.contains('rp-popup__body')).toBe(true);
    // From the dialog: Close, then the body.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab();
    expect(document.activeElement).toBe(body);
  });

  it('names the grammar popup body after its pattern', async () => {
    fakeFetch(() => json(200, { success: true, data: { explanation: grammar() } }));
    renderGrammar();
    expect(await screen.findByRole('region', { name: 'Explanation of 〜ている' })).toBeTruthy();
  });
});
