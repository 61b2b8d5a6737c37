import { useCallback, useId } from 'react';
import { api, type ReadingContext } from '../../net/api';
import type { DetectedGrammarPattern, GrammarExplanation } from '../../shared/language';
import { useRemote } from '../../ui/use-remote';
import type { SaveCard } from '../../shared/review';
import { copyAnkiCard } from './anki';
import { sourceText, type CardSource } from './card-source';
import { AddToAnki } from './AddToAnki';
import { SaveForReview } from './SaveForReview';
import { ExplanationBody } from './ExplanationBody';
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
  /** The story and scene being read: where a pattern saved here was met. */
  source?: CardSource;
  onClose(): void;
}

const isEmpty = (explanation: GrammarExplanation) => !explanation.basic_explanation.trim() && !explanation.meaning.trim();

/** The explanation of one detected grammar pattern, with a Copy for Anki button (SPEC §1, §8). */
/** A pattern's card: the sentence with the matched words marked, the meaning, and the explanation as its note. */
function grammarCard(pattern: DetectedGrammarPattern, explanation: GrammarExplanation, sentence: string, language: SaveCard['language'], source?: CardSource): SaveCard {
  const text = sentence.slice(0, 1_000);
  const at = text.indexOf(pattern.matched_text);
  const note = [explanation.formation, explanation.basic_explanation].filter(Boolean).join('\n');
  return {
    language,
    kind: 'grammar',
    key: pattern.id,
    word: (explanation.pattern || pattern.pattern).slice(0, 200),
    meaning: explanation.meaning.slice(0, 2_000),
    sentence: text,
    start: at < 0 ? 0 : at,
    length: at < 0 ? 0 : pattern.matched_text.length,
    grammar_note: note.slice(0, 4_000),
    ...(source?.storyId ? { story_id: source.storyId } : {}),
    ...(source?.storyId && source.sceneId ? { scene_id: source.sceneId } : {}),
  };
}

export function GrammarPopup({ pattern, sentence, context, anchor, source, onClose }: GrammarPopupProps) {
  const titleId = useId();
  const { language, level } = context;
  const load = useCallback(
    () => api.grammarExplanation({ patternId: pattern.id, highlighted: pattern.matched_text, sentence }, { language, level }),
    [pattern.id, pattern.matched_text, sentence, language, level],
  );
  const [remote, retry] = useRemote(load);
  const explanation = remote.status === 'ready' ? remote.data : null;
  const badge = explanation ? (explanation.jlpt_level ?? explanation.cefr_level ?? pattern.level) : pattern.level;
  const patternType = explanation?.pattern_type || pattern.type;

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

      <ExplanationBody explanation={remote} retry={retry} isEmpty={isEmpty} label={`Explanation of ${explanation?.pattern || pattern.pattern}`}>
        {(explanation) => (
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
      </ExplanationBody>

      {explanation && !isEmpty(explanation) ? (
        <footer className="rp-popup__footer rp-popup__footer--actions">
          <SaveForReview card={grammarCard(pattern, explanation, sentence, language, source)} />
          <AddToAnki
            language={language}
            source={{
              word: explanation.pattern || pattern.pattern,
              reading: '',
              meaning: [explanation.meaning, explanation.basic_explanation].filter(Boolean).join('\n'),
              sentence,
              source: sourceText(source),
            }}
          />
          <button type="button" className="rp-button rp-button--small" onClick={() => void copyAnkiCard(explanation.anki_export_data)}>
            Copy for Anki
          </button>
        </footer>
      ) : null}
    </PopupFrame>
  );
}
