import { describe, expect, it } from 'vitest';
import { shownHighlights, type Highlight } from '../../src/scenes/reader/DialogueOverlay';

const word: Highlight = {
  kind: 'vocabulary',
  word: { key: 'box', surface: 'box', reading: '', base_form: 'box', word_type: 'noun', start: 0, end: 3, level: 'A1' },
};

describe('shown highlights', () => {
  it('shows the analysis of the line on screen once it is shown in full, in grammar or vocabulary mode', () => {
    expect(shownHighlights('vocabulary', { text: 'box', highlights: [word] }, 'box', true)).toEqual([word]);
    expect(shownHighlights('vocabulary', { text: 'box', highlights: [word] }, 'box', false)).toEqual([]);
    expect(shownHighlights('none', { text: 'box', highlights: [word] }, 'box', true)).toEqual([]);
    expect(shownHighlights('vocabulary', { text: 'old line', highlights: [word] }, 'box', true)).toEqual([]);
  });

  it('shows only the highlights of the mode on, not those left from the other mode', () => {
    expect(shownHighlights('grammar', { text: 'box', highlights: [word] }, 'box', true)).toEqual([]);
  });

  it('shows nothing between scenes, when there is neither a line nor an analysis yet', () => {
    expect(shownHighlights('vocabulary', null, undefined, true)).toEqual([]);
    expect(shownHighlights('grammar', { text: 'box', highlights: [word] }, undefined, true)).toEqual([]);
  });
});
