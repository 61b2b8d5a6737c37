import type { Language } from '../../shared/language';
import type { CardRow } from './fsrs-card';

export const ANKI_EXPORT_COLUMNS = ['Word', 'Reading', 'Meaning', 'Sentence', 'Source', 'Grammar', 'Tags'] as const;

const DECKS: Record<Language, string> = { ja: 'Kotoba Tales::Japanese', en: 'Kotoba Tales::English' };

/** A field of an `#html:true` file: escaped, one line, no tab (the separator). */
function field(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, ' ')
    .replace(/\r\n|\r|\n/g, '<br>');
}

/** The sentence with the saved word in bold, as Anki shows it on the card. */
function markedSentence(card: Pick<CardRow, 'sentence' | 'start' | 'length'>): string {
  const { sentence, start, length } = card;
  if (length === 0) return field(sentence);
  return `${field(sentence.slice(0, start))}<b>${field(sentence.slice(start, start + length))}</b>${field(sentence.slice(start + length))}`;
}

export function sourceLine(card: Pick<CardRow, 'storyTitle' | 'sceneNumber'>): string {
  if (!card.storyTitle) return '';
  return card.sceneNumber === null ? card.storyTitle : `${card.storyTitle}, scene ${card.sceneNumber}`;
}

/**
 * Saved cards as a text file Anki imports without questions: the header lines tell it the separator, that
 * fields are HTML, the deck, the columns and which column holds the tags (Anki 2.1.55+ file headers).
 */
export function ankiExportText(language: Language, cards: readonly CardRow[]): string {
  const tagsColumn = ANKI_EXPORT_COLUMNS.indexOf('Tags') + 1;
  const lines = [
    '#separator:tab',
    '#html:true',
    `#deck:${DECKS[language]}`,
    `#columns:${ANKI_EXPORT_COLUMNS.join('\t')}`,
    `#tags column:${tagsColumn}`,
    ...cards.map((card) =>
      [
        field(card.word),
        field(card.reading),
        field(card.meaning),
        markedSentence(card),
        field(sourceLine(card)),
        field(card.grammarNote),
        card.kind === 'grammar' ? 'kotoba-tales grammar' : 'kotoba-tales',
      ].join('\t'),
    ),
  ];
  return `${lines.join('\n')}\n`;
}
