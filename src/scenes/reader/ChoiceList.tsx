import type { StoryChoice } from '../../shared/protocol';

interface ChoiceListProps {
  choices: readonly StoryChoice[];
  disabled: boolean;
  onChoose(choiceId: string): void;
}

/** The branch point: one button per choice, each with the note on its wording. */
export function ChoiceList({ choices, disabled, onChoose }: ChoiceListProps) {
  return (
    <div className="choice-list" role="group" aria-label="Choices" onClick={(event) => event.stopPropagation()}>
      {choices.map((choice, i) => (
        <button
          key={choice.id}
          type="button"
          className="choice"
          disabled={disabled}
          autoFocus={i === 0}
          onClick={() => onChoose(choice.id)}
        >
          <span className="choice-text">{choice.text}</span>
          {choice.language_note && <span className="choice-note">{choice.language_note}</span>}
        </button>
      ))}
    </div>
  );
}
