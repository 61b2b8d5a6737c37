import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markupSegments, readLineMarkup } from '../../src/scenes/line-markup';
import { CHOICE_ARM_MS, ChoiceList } from '../../src/scenes/reader/ChoiceList';
import type { StoryChoice } from '../../src/shared/protocol';

const japanese: StoryChoice[] = [
  {
    id: 'c1',
    text: '駅へ行く',
    html_text: '<span data-t="0"><ruby>駅<rt>えき</rt></ruby></span><span data-t="1">へ</span><span data-t="2"><ruby>行<rt>い</rt></ruby>く</span>',
    language_note: '〜へ marks where you go.',
  },
  { id: 'c2', text: '家に帰る', html_text: '<ruby>家<rt>いえ</rt></ruby>に<ruby>帰<rt>かえ</rt></ruby>る', language_note: '' },
];

const english: StoryChoice[] = [{ id: 'e1', text: 'Open the box', html_text: 'Open the box', language_note: 'A polite suggestion.' }];

describe('choice markup', () => {
  it('cuts a line into plain runs and ruby bases', () => {
    expect(markupSegments(readLineMarkup(japanese[0]!.html_text, '駅へ行く'))).toEqual([
      { text: '駅', reading: 'えき' },
      { text: 'へ' },
      { text: '行', reading: 'い' },
      { text: 'く' },
    ]);
    expect(markupSegments({ text: 'Open the box', rubies: [] })).toEqual([{ text: 'Open the box' }]);
  });
});

describe('ChoiceList', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Testing Library waits a tick after each user-event action, through `jest` when it sees fake timers.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const arm = () => act(() => vi.advanceTimersByTime(CHOICE_ARM_MS));

  it('shows furigana over the kanji of Japanese choices, named by the plain text', () => {
    render(<ChoiceList choices={japanese} disabled={false} language="ja" furigana onChoose={() => {}} />);
    const first = screen.getByRole('button', { name: '駅へ行く' });
    expect([...first.querySelectorAll('ruby')].map((r) => r.firstChild?.textContent)).toEqual(['駅', '行']);
    expect([...first.querySelectorAll('rt')].map((rt) => rt.textContent)).toEqual(['えき', 'い']);
    expect(first.querySelector('rt')?.getAttribute('aria-hidden')).toBe('true');
    // The note describes the choice; it is not part of its name.
    expect(first.getAttribute('aria-describedby')).toBe(screen.getByText('〜へ marks where you go.').id);
    expect(screen.getByRole('button', { name: '家に帰る' }).getAttribute('aria-describedby')).toBeNull();
  });

  it('follows the furigana toggle, and English choices have no readings', () => {
    const { rerender } = render(<ChoiceList choices={japanese} disabled={false} language="ja" furigana={false} onChoose={() => {}} />);
    expect(document.querySelector('rt')).toBeNull();
    expect(screen.getByRole('button', { name: '駅へ行く' }).querySelector('.choice-text')?.textContent).toBe('駅へ行く');
    rerender(<ChoiceList choices={japanese} disabled={false} language="ja" furigana onChoose={() => {}} />);
    expect(document.querySelectorAll('rt')).toHaveLength(4);

    rerender(<ChoiceList choices={english} disabled={false} language="en" furigana onChoose={() => {}} />);
    expect(document.querySelector('ruby')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open the box' })).toBeTruthy();
  });

  it('shows markup in the wording as text', () => {
    const unsafe: StoryChoice = { id: 'x', text: '<img src=x onerror=alert(1)>扉', html_text: '&lt;img src=x onerror=alert(1)&gt;<ruby>扉<rt>とびら</rt></ruby>', language_note: '' };
    render(<ChoiceList choices={[unsafe]} disabled={false} language="ja" furigana onChoose={() => {}} />);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: unsafe.text }).querySelector('.choice-text')?.textContent).toBe('<img src=x onerror=alert(1)>扉とびら');
  });

  it(`ignores clicks and Enter for ${CHOICE_ARM_MS} ms after appearing, and shows it`, async () => {
    const onChoose = vi.fn();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    render(<ChoiceList choices={japanese} disabled={false} language="ja" furigana onChoose={onChoose} />);
    const group = screen.getByRole('group', { name: 'Choices' });
    const first = screen.getByRole('button', { name: '駅へ行く' });
    expect(group.classList.contains('choice-list--arming')).toBe(true);
    expect(first.getAttribute('aria-disabled')).toBe('true');
    // The first choice takes focus, so the keyboard reaches it at once.
    expect(document.activeElement).toBe(first);

    fireEvent.click(first);
    fireEvent.click(screen.getByRole('button', { name: '家に帰る' }));
    fireEvent.keyDown(first, { key: 'Enter' });
    act(() => vi.advanceTimersByTime(CHOICE_ARM_MS - 10));
    fireEvent.click(first);
    expect(onChoose).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(10));
    expect(group.classList.contains('choice-list--arming')).toBe(false);
    expect(first.getAttribute('aria-disabled')).toBeNull();
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith('c1');
    fireEvent.click(screen.getByRole('button', { name: '家に帰る' }));
    expect(onChoose).toHaveBeenLastCalledWith('c2');
  });

  it('ignores Enter pressed on a choice in its first moment', async () => {
    const onChoose = vi.fn();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    render(<ChoiceList choices={english} disabled={false} language="en" furigana={false} onChoose={onChoose} />);
    await user.keyboard('{Enter}');
    expect(onChoose).not.toHaveBeenCalled();
    arm();
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith('e1');
  });

  it('keeps every choice disabled while one is processed', () => {
    render(<ChoiceList choices={japanese} disabled language="ja" furigana onChoose={() => {}} />);
    arm();
    for (const button of screen.getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
