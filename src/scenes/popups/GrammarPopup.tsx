import { useEffect, useId, useState } from 'react';
import { api, type ReadingContext } from '../../net/api';
import type { DetectedGrammarPattern, GrammarExplanation } from '../../shared/language';
import { Spinner } from '../../ui/Spinner';
import { copyAnkiCard } from './anki';
import { PopupCloseButton, PopupFrame } from './PopupFrame';
import type { AnchorRect } from './popup-position';

/** SPEC §9: the grammar popup is 350 px wide and at most 400 px tall. */
export const GRAMMAR_POPUP_SIZE = { width: 350, maxHeight: 400 };

export interface GrammarPopupProps {
  pattern: DetectedGrammarPattern;
  /** The sentence the pattern was found in (plain text). */
  sentence: string;
  context: ReadingContext;
  /** The highlighted pattern's box in viewport pixels. */
  anchor: AnchorRect;
  onClose(): void;
}

type Loaded = { key: string; status: 'ready'; explanation: GrammarExplanation } | { key: string; status: 'error' };

/** The explanation of one detected grammar pattern, with a Copy for Anki button (SPEC §1, §8). */
export function GrammarPopup({ pattern, sentence, context, anchor, onClose }: GrammarPopupProps) {
  const titleId = useId();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const { language, level } = context;
  const key = JSON.stringify([pattern.id, pattern.matched_text, sentence, language, level, attempt]);

  useEffect(() => {
    let current = true;
    api.grammarExplanation({ patternId: pattern.id, highlighted: pattern.matched_text, sentence }, { language, level }).then(
      (explanation) => current && setLoaded({ key, status: 'ready', explanation }),
      () => current && setLoaded({ key, status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [key, pattern.id, pattern.matched_text, sentence, language, level]);

  const state = loaded?.key === key ? loaded : null;
  const explanation = state?.status === 'ready' ? state.explanation : null;
  const badge = explanation ? (explanation.jlpt_level ?? explanation.cefr_level ?? pattern.level) : pattern.level;
  const patternType = explanation?.pattern_type || pattern.type;
  const empty = explanation !== null && !explanation.basic_explanation.trim() && !explanation.meaning.trim();

  return (
    <PopupFrame
      anchor={anchor}
      width={GRAMMAR_POPUP_SIZE.width}
      maxHeight={GRAMMAR_POPUP_SIZE.maxHeight}
      labelledBy={titleId}
      className="rp-popup--grammar"
      onClose={onClose}
    >
      <header className="rp-popup__header">
        <div className="rp-popup__heading">
          <h2 id={titleId} className="rp-popup__title" lang={language}>
            {explanation?.pattern || pattern.pattern}
          </h2>
          <div className="rp-popup__badges">
            <span className="rp-badge rp-badge--level">{badge}</span>
            {patternType ? <span className="rp-badge">{patternType}</span> : null}
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
        ) : empty || !explanation ? (
          <p className="rp-empty">No explanation available</p>
        ) : (
          <>
            {explanation.meaning ? <p className="rp-popup__meaning">{explanation.meaning}</p> : null}
            {explanation.formation ? (
              <div className="rp-popup__section">
                <h3 className="rp-popup__label">Formation</h3>
                <p className="rp-popup__formation" lang={language}>
                  {explanation.formation}
                </p>
              </div>
            ) : null}
            {explanation.basic_explanation ? <p className="rp-popup__text">{explanation.basic_explanation}</p> : null}
            {explanation.examples.length > 0 ? (
              <div className="rp-popup__section">
                <h3 className="rp-popup__label">Examples</h3>
                <ul className="rp-examples">
                  {explanation.examples.map((example, index) => (
                    <li key={index} className="rp-example">
                      {example.japanese ? (
                        <span className="rp-example__ja" lang="ja">
                          {example.japanese}
                        </span>
                      ) : null}
                      <span className="rp-example__en" lang="en">
                        {example.english}
                      </span>
                      {example.context ? <span className="rp-example__context">{example.context}</span> : null}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        )}
      </div>

      {explanation && !empty ? (
        <footer className="rp-popup__footer">
          <button type="button" className="rp-button rp-button--small" onClick={() => void copyAnkiCard(explanation.anki_export_data)}>
            Copy for Anki
          </button>
        </footer>
      ) : null}
    </PopupFrame>
  );
}
