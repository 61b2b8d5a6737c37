import { useCallback, useId } from 'react';
import { api, type ReadingContext } from '../../net/api';
import type { VocabularyExplanation, VocabularyWord } from '../../shared/language';
import { useRemote } from '../../ui/use-remote';
import { ExplanationBody } from './ExplanationBody';
import { PopupCloseButton, PopupFrame } from './PopupFrame';
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
  /** The story being read: where a word marked here was met. */
  storyId?: string;
  onClose(): void;
}

const isEmpty = (explanation: VocabularyExplanation) => !explanation.explanation.trim();

/** The explanation of one word of the dialogue (SPEC §1, §8). */
export function VocabularyPopup({ word, sentence, context, anchor, storyId, onClose }: VocabularyPopupProps) {
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

      <WordMarks wordKey={word.key} language={language} storyId={storyId} />
    </PopupFrame>
  );
}
