import { useEffect, useId, useMemo, useState } from 'react';
import type { Language } from '../../shared/language';
import type { StoryChoice } from '../../shared/protocol';
import { markupSegments, readLineMarkup } from '../line-markup';

/**
 * How long new choices ignore input. The press that finishes the last line can land where a choice
 * appears a moment later (a tap, or Space released on the choice that just took focus): it must not pick it.
 */
export const CHOICE_ARM_MS = 400;

interface ChoiceListProps {
  choices: readonly StoryChoice[];
  disabled: boolean;
  /** The story's language: Japanese choices carry readings. */
  language: Language | null;
  /** Whether readings show over the kanji (the furigana toggle). */
  furigana: boolean;
  onChoose(choiceId: string): void;
}

/**
 * The branch point: one button per choice, each with the note on its wording. A choice's wording comes as
 * the server's ruby markup (`html_text`), which is parsed, never put into the page as HTML. Each button is
 * named by the plain text, so a screen reader does not read the readings as well.
 */
export function ChoiceList({ choices, disabled, language, furigana, onChoose }: ChoiceListProps) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setArmed(true), CHOICE_ARM_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div
      className={armed ? 'choice-list' : 'choice-list choice-list--arming'}
      role="group"
      aria-label="Choices"
      lang={language ?? undefined}
      onClick={(event) => event.stopPropagation()}
    >
      {choices.map((choice, i) => (
        <Choice
          key={choice.id}
          choice={choice}
          first={i === 0}
          armed={armed}
          disabled={disabled}
          furigana={furigana && language === 'ja'}
          onChoose={onChoose}
        />
      ))}
    </div>
  );
}

interface ChoiceProps {
  choice: StoryChoice;
  first: boolean;
  armed: boolean;
  disabled: boolean;
  furigana: boolean;
  onChoose(choiceId: string): void;
}

function Choice({ choice, first, armed, disabled, furigana, onChoose }: ChoiceProps) {
  const noteId = useId();
  const segments = useMemo(() => markupSegments(readLineMarkup(choice.html_text, choice.text)), [choice.html_text, choice.text]);
  const withRuby = furigana && segments.some((s) => s.reading);
  return (
    <button
      type="button"
      className="choice"
      disabled={disabled}
      aria-disabled={armed ? undefined : true}
      aria-label={choice.text}
      aria-describedby={choice.language_note ? noteId : undefined}
      autoFocus={first}
      onClick={() => {
        if (armed) onChoose(choice.id);
      }}
    >
      <span className={withRuby ? 'choice-text choice-text--ruby' : 'choice-text'}>
        {segments.map((segment, i) =>
          furigana && segment.reading ? (
            <ruby key={i}>
              {segment.text}
              <rt aria-hidden="true">{segment.reading}</rt>
            </ruby>
          ) : (
            segment.text
          ),
        )}
      </span>
      {choice.language_note && (
        <span id={noteId} className="choice-note" lang="en">
          {choice.language_note}
        </span>
      )}
    </button>
  );
}
