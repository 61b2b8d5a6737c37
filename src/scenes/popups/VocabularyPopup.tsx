import { useEffect, useId, useState } from 'react';
import { api, type ReadingContext } from '../../net/api';
import type { VocabularyExplanation, VocabularyWord } from '../../shared/language';
import { Spinner } from '../../ui/Spinner';
import { PopupCloseButton, PopupFrame } from './PopupFrame';
import type { AnchorRect } from './popup-position';
import { toHiragana, WORD_TYPE_LABELS, wordTypeName } from './word-types';

/** SPEC §9: the vocabulary popup is 320 px wide and at most 300 px tall. */
export const VOCABULARY_POPUP_SIZE = { width: 320, maxHeight: 300 };

export interface VocabularyPopupProps {
  word: VocabularyWord;
  /** The sentence the word was found in (plain text). */
  sentence: string;
  context: ReadingContext;
  /** The highlighted word's box in viewport pixels. */
  anchor: AnchorRect;
  onClose(): void;
}

type Loaded = { key: string; status: 'ready'; explanation: VocabularyExplanation } | { key: string; status: 'error' };

/** The explanation of one word of the dialogue (SPEC §1, §8). */
export function VocabularyPopup({ word, sentence, context, anchor, onClose }: VocabularyPopupProps) {
  const titleId = useId();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const { language, level } = context;
  const lookup = word.base_form || word.surface;
  const key = JSON.stringify([lookup, sentence, language, level, attempt]);

  useEffect(() => {
    let current = true;
    api.vocabularyExplanation({ word: lookup, sentence }, { language, level }).then(
      (explanation) => current && setLoaded({ key, status: 'ready', explanation }),
      () => current && setLoaded({ key, status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [key, lookup, sentence, language, level]);

  const state = loaded?.key === key ? loaded : null;
  const explanation = state?.status === 'ready' ? state.explanation : null;
  const reading = word.reading || explanation?.reading || '';
  const showReading = reading !== '' && toHiragana(reading) !== toHiragana(word.surface);
  const wordLevel = explanation?.level ?? word.level;
  const showBase = word.base_form !== '' && word.base_form !== word.surface;

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
          {showBase ? (
            <p className="rp-popup__base">
              Dictionary form: <span lang={language}>{word.base_form}</span>
            </p>
          ) : null}
          <div className="rp-popup__badges">
            <span className="rp-badge">
              <span lang="ja">{WORD_TYPE_LABELS[word.word_type]}</span> {wordTypeName(word.word_type)}
            </span>
            {wordLevel ? <span className="rp-badge rp-badge--level">{wordLevel}</span> : null}
          </div>
        </div>
        <PopupCloseButton onClose={onClose} />
      </header>

      <div className="rp-popup__body">
        {state === null ? (
          <Spinner label="Loading explanation..." />
        ) : state.status === 'error' ? (
          <div className="rp-failure" role="alert">
            <p>Failed to load explanation</p>
            <button type="button" className="rp-button rp-button--small" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        ) : !explanation || !explanation.explanation.trim() ? (
          <p className="rp-empty">No explanation available</p>
        ) : (
          <>
            {explanation.contextual ? <p className="rp-popup__label">In this sentence</p> : null}
            <p className="rp-popup__text rp-popup__text--pre">{explanation.explanation}</p>
          </>
        )}
      </div>
    </PopupFrame>
  );
}
