import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TextGeometry } from '../../src/engine';
import type { GlyphBox } from '../../src/engine/text-layout';
import { DialogueOverlay, type Highlight } from '../../src/scenes/reader/DialogueOverlay';
import { ReaderToolbar } from '../../src/scenes/reader/ReaderToolbar';
import type { Language } from '../../src/shared/language';

function renderToolbar(language: Language | null, { mode = 'none', furigana = false, onFurigana = () => {} }: { mode?: 'none' | 'grammar'; furigana?: boolean; onFurigana?: () => void } = {}) {
  const rootRoute = createRootRoute({
    component: () => (
      <ReaderToolbar
        mode={mode}
        furigana={furigana}
        language={language}
        onMode={() => {}}
        onFurigana={onFurigana}
        canReadAloud={false}
        onReadAloud={() => {}}
        auto={false}
        onAuto={() => {}}
        skipping={false}
        onSkip={() => {}}
        onHide={() => {}}
        fullscreen={false}
        onFullscreen={() => {}}
        onPanel={() => {}}
      />
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(<RouterProvider router={router} />);
}

const icon = (name: string) => screen.getByRole('button', { name }).querySelector('.tool-icon')!;

describe('ReaderToolbar', () => {
  it('shows Japanese icons and the furigana mode in a Japanese story', async () => {
    renderToolbar('ja');
    await screen.findByRole('toolbar', { name: 'Reader' });
    expect(icon('Furigana').textContent).toBe('ふ');
    expect(icon('Grammar').textContent).toBe('文');
    expect(icon('Vocabulary').textContent).toBe('語');
  });

  it('shows furigana pressed beside a pressed study mode: the two are not exclusive', async () => {
    const onFurigana = vi.fn();
    renderToolbar('ja', { mode: 'grammar', furigana: true, onFurigana });
    await screen.findByRole('toolbar', { name: 'Reader' });
    expect(screen.getByRole('button', { name: 'Furigana' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Grammar' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Furigana' }));
    expect(onFurigana).toHaveBeenCalledOnce();
  });

  it('shows no kanji and no furigana mode in an English story', async () => {
    renderToolbar('en');
    const toolbar = await screen.findByRole('toolbar', { name: 'Reader' });
    expect(screen.queryByRole('button', { name: 'Furigana' })).toBeNull();
    for (const name of ['Grammar', 'Vocabulary']) {
      expect(icon(name).textContent).toBe('');
      expect(icon(name).querySelector('svg')).toBeTruthy();
      expect(icon(name).getAttribute('aria-hidden')).toBe('true');
    }
    expect(toolbar.textContent).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/u);
  });
});

// ── Highlights over the dialogue ─────────────────────────────────────────────────────────────────

/** One line of 17 px kana at a phone's size, starting at x = 30. */
const glyphs: GlyphBox[] = [...'猫がいる。'].map((text, i) => ({ start: i, end: i + 1, text, line: 0, x: 30 + i * 17, y: 700, width: 17, height: 20 }));
const geometry: TextGeometry = { glyphs, fontSize: 17, rubyHeight: 8, textBox: { x: 30, y: 690, width: 325, height: 148 } };
const particle: Highlight = {
  kind: 'grammar',
  pattern: { id: 'ga', pattern: 'が', type: 'particle', level: 'N5', meaning: 'subject marker', start: 1, end: 2, matched_text: 'が' },
};
const word: Highlight = { kind: 'vocabulary', word: { key: 'いる', surface: 'いる', reading: 'いる', base_form: 'いる', word_type: 'verb', start: 2, end: 4, level: 'N5' } };

describe('DialogueOverlay highlights', () => {
  it('makes a one-kana pattern a 24 × 24 px target without moving its mark off the character', () => {
    render(<DialogueOverlay geometry={geometry} mode="grammar" furigana={false} revealed={5} rubies={[]} highlights={[particle]} onOpen={() => {}} />);
    const button = screen.getByRole('button', { name: 'Grammar: が (が)' });
    expect(parseFloat(button.style.width)).toBeGreaterThanOrEqual(24);
    expect(parseFloat(button.style.height)).toBeGreaterThanOrEqual(24);
    const mark = button.querySelector<HTMLElement>('.hit-mark')!;
    // The mark sits where the character is drawn (1 px around it), whatever the button's size.
    expect(parseFloat(button.style.left) + parseFloat(mark.style.left)).toBe(47 - 1);
    expect(parseFloat(mark.style.width)).toBe(17 + 2);
    expect(parseFloat(button.style.top) + parseFloat(mark.style.top)).toBe(700 - 2);
  });

  it('opens the popup next to the mark, not the larger target', () => {
    const onOpen = vi.fn();
    render(<DialogueOverlay geometry={geometry} mode="vocabulary" furigana={false} revealed={5} rubies={[]} highlights={[word]} onOpen={onOpen} />);
    const button = screen.getByRole('button', { name: 'Word: いる' });
    const mark = button.querySelector('.hit-mark')!;
    const markRect = { x: 1, y: 2, width: 3, height: 4 } as DOMRect;
    vi.spyOn(mark, 'getBoundingClientRect').mockReturnValue(markRect);
    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledWith(word, markRect);
  });

  it('marks a word whose review card is due, in its look and its name, beside its status', () => {
    const due = (key: string) => key === 'いる';
    const status = () => ({ status: 'learning' as const, stage: 2 });
    render(<DialogueOverlay geometry={geometry} mode="vocabulary" furigana={false} revealed={5} rubies={[]} highlights={[word]} wordStatus={status} isDue={due} onOpen={() => {}} />);
    const button = screen.getByRole('button', { name: 'Word: いる (learning 2 of 4, due for review)' });
    expect(button.className).toContain('hit-word--due');
    expect(button.className).toContain('hit-word--stage-2');
  });

  it('leaves a word that is not due as it was', () => {
    render(<DialogueOverlay geometry={geometry} mode="vocabulary" furigana={false} revealed={5} rubies={[]} highlights={[word]} isDue={() => false} onOpen={() => {}} />);
    expect(screen.getByRole('button', { name: 'Word: いる' }).className).not.toContain('hit-word--due');
  });
});

describe('DialogueOverlay furigana', () => {
  it('keeps the furigana over the line in grammar mode, beside the pattern buttons', () => {
    const { container } = render(
      <DialogueOverlay
        geometry={geometry}
        mode="grammar"
        furigana
        revealed={5}
        rubies={[{ start: 0, end: 1, reading: 'ねこ' }]}
        highlights={[particle]}
        onOpen={() => {}}
      />,
    );
    expect(container.querySelector('.furigana')?.textContent).toBe('ねこ');
    expect(screen.getByRole('button', { name: 'Grammar: が (が)' })).toBeTruthy();
  });
});
