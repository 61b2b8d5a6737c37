import { useCallback, useId } from 'react';
import { api, type ReadingContext } from '../../net/api';
import type { VocabularyExplanation, VocabularyWord } from '../../shared/language';
import type { SaveCard } from '../../shared/review';
import { useRemote } from '../../ui/use-remote';
import { copyAnkiCard } from './anki';
import { headwordOf, sourceText, type CardSource } from './card-source';
import { ExplanationBody } from './ExplanationBody';
import { PopupCloseButton, PopupFrame } from './PopupFrame';
import { AddToAnki } from './AddToAnki';
import { SaveForReview } from './SaveForReview';
import { WordMarks } from './WordMarks';
import type { AnchorRect } from './popup-position';
import { dictionaryFormLine, lemmaOf, toHiragana, WORD_TYPE_LABELS, wordTypeName } from './word-types';

/** SPEC §9: the vocabulary popup is 320 px wide and at most 300 px tall. */
export const VOCABULARY_POPUP_SIZE = { width: 320, maxHeight: 300 };

export interface VocabularyPopupProps {
  word: VocabularyWord;
  /** The sentence the word was found in (plain text). */
  sentence: string;
  context: ReadingContext;
  /** The highlighted word's box in viewport pixels. */
  anchor: AnchorRect;
  /** The story and scene being read: where a word marked or saved here was met. */
  source?: CardSource;
  onClose(): void;
}

const isEmpty = (explanation: VocabularyExplanation) => !explanation.explanation.trim();

/** The explanation of one word of the dialogue (SPEC §1, §8). */
/** Where the word sits in its sentence: its own offsets, or its first appearance if they do not match. */
function placeIn(sentence: string, word: VocabularyWord): { start: number; length: number } {
  if (sentence.slice(word.start, word.start + word.surface.length) === word.surface) return { start: word.start, length: word.surface.length };
  const found = sentence.indexOf(word.surface);
  return found < 0 ? { start: 0, length: 0 } : { start: found, length: word.surface.length };
}

export function VocabularyPopup({ word, sentence, context, anchor, source, onClose }: VocabularyPopupProps) {
  const titleId = useId();
  const { language, level } = context;
  const lookup = lemmaOf(word, language);
  const load = useCallback(
    () => api.vocabularyExplanation({ word: lookup, sentence, key: word.key }, { language, level }),
    [lookup, sentence, word.key, language, level],
  );
  const [remote, retry] = useRemote(load);
  const explanation = remote.status === 'ready' ? remote.data : null;
  const reading = word.reading || explanation?.reading || '';
  const showReading = reading !== '' && toHiragana(reading) !== toHiragana(word.surface);
  const wordLevel = explanation?.level ?? word.level;
  const dictionaryForm = dictionaryFormLine(word, language);
  const headword = headwordOf(word.key, language, { word: lookup, reading });
  const meaning = explanation?.explanation.trim() ?? '';
  const card: SaveCard = {
    language,
    kind: 'word',
    key: word.key,
    word: headword.word,
    reading: headword.reading,
    meaning: meaning.slice(0, 2_000),
    sentence: sentence.slice(0, 1_000),
    ...placeIn(sentence.slice(0, 1_000), word),
    ...(source?.storyId ? { story_id: source.storyId } : {}),
    ...(source?.storyId && source.sceneId ? { scene_id: source.sceneId } : {}),
  };

  return (
    <PopupFrame
      anchor={anchor}
      width={VOCABULARY_POPUP_SIZE.width}
      maxHeight={VOCABULARY_POPUP_SIZE.maxHeight}
      labelledBy={titleId}
      className="rp-popup--vocabulary"
      onClose={onClose}
    >
      <header className="rp-popup__header">
        <div className="rp-popup__heading">
          <h2 id={titleId} className="rp-popup__title rp-popup__title--word" lang={language}>
            {word.surface}
          </h2>
          {showReading ? (
            <p className="rp-popup__reading" lang={language}>
              {reading}
            </p>
          ) : null}
          {dictionaryForm ? (
            <p className="rp-popup__base">
              Dictionary form: <span lang={language}>{dictionaryForm}</span>
            </p>
          ) : null}
          <div className="rp-popup__badges">
            <span className="rp-badge">
              {/* The Japanese term helps a learner of Japanese; a learner of English reads the English one. */}
              {language === 'ja' ? (
                <>
                  <span lang="ja">{WORD_TYPE_LABELS[word.word_type]}</span> {wordTypeName(word.word_type)}
                </>
              ) : (
                wordTypeName(word.word_type)
              )}
            </span>
            {wordLevel ? <span className="rp-badge rp-badge--level">{wordLevel}</span> : null}
          </div>
        </div>
        <PopupCloseButton onClose={onClose} />
      </header>

      <ExplanationBody explanation={remote} retry={retry} isEmpty={isEmpty} label={`Meaning of ${word.surface}`}>
        {(explanation) => (
          <>
            {explanation.contextual ? <p className="rp-popup__label">In this sentence</p> : null}
            <p className="rp-popup__text rp-popup__text--pre">{explanation.explanation}</p>
          </>
        )}
      </ExplanationBody>

      <WordMarks wordKey={word.key} language={language} storyId={source?.storyId} />

      {/* Saved with the meaning once it is there: a card without one would be no use in review. */}
      {explanation && !isEmpty(explanation) ? (
        <footer className="rp-popup__footer rp-popup__footer--actions">
          <SaveForReview card={card} />
          <AddToAnki language={language} source={{ word: headword.word, reading: headword.reading, meaning, sentence, source: sourceText(source) }} />
          <button
            type="button"
            className="rp-button rp-button--small"
            aria-label="Copy for Anki"
            title="Copy for Anki (front and back, tab-separated)"
            onClick={() =>
              void copyAnkiCard({
                front: `${headword.word}\n${sentence}`,
                back: [headword.reading, meaning, sourceText(source)].filter(Boolean).join('\n'),
              })
            }
          >
            Copy
          </button>
        </footer>
      ) : null}
    </PopupFrame>
  );
}
