import { useId, type ReactNode } from 'react';

export interface RadioCardOption<V extends string> {
  value: V;
  /** A short code shown before the title and read as part of the name ("N5" + "Beginner" → "N5 Beginner"). */
  code?: string;
  title: string;
  description?: string;
  /** Decorative mark shown above the title. */
  glyph?: ReactNode;
  /** Language of the glyph, when it is text in another language. */
  glyphLang?: string;
  /** A colour theme for the card (a `tone-…` class). */
  tone?: string;
  /** A short fact shown in the card's corner (learnt after the page is drawn, so it takes no room). */
  note?: string;
}

interface RadioCardsProps<V extends string> {
  step: number;
  legend: string;
  name: string;
  options: readonly RadioCardOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  /** Layout of the cards: a few large ones, or a denser grid. */
  variant: 'large' | 'grid' | 'compact';
  disabled?: boolean;
}

/**
 * One creation step: a native radio group (fieldset + legend, arrow keys, checked state announced) drawn
 * as cards. Each radio is named by the card's title and described by its description.
 */
export function RadioCards<V extends string>({ step, legend, name, options, value, onChange, variant, disabled }: RadioCardsProps<V>) {
  const id = useId();
  return (
    <fieldset className="step" disabled={disabled}>
      <legend className="step-legend">
        <span className="step-number" aria-hidden="true">
          {step}
        </span>
        <h2>{legend}</h2>
      </legend>
      <div className={`option-grid option-grid-${variant}`}>
        {options.map((option) => {
          const titleId = `${id}-${option.value}-title`;
          const descriptionId = `${id}-${option.value}-description`;
          return (
            <label key={option.value} className={option.tone ? `option tone-${option.tone}` : 'option'}>
              <input
                type="radio"
                className="option-input"
                name={name}
                value={option.value}
                checked={option.value === value}
                onChange={() => onChange(option.value)}
                aria-labelledby={titleId}
                aria-describedby={[option.description && descriptionId, option.note && `${descriptionId}-note`].filter(Boolean).join(' ') || undefined}
              />
              <span className="option-card">
                {option.glyph && (
                  <span className="option-glyph" aria-hidden="true" lang={option.glyphLang}>
                    {option.glyph}
                  </span>
                )}
                <span className="option-text">
                  <span className="option-title" id={titleId}>
                    {option.code && (
                      <>
                        <span className="option-code">{option.code}</span>{' '}
                      </>
                    )}
                    {option.title}
                  </span>
                  {option.description && (
                    <span className="option-description" id={descriptionId}>
                      {option.description}
                    </span>
                  )}
                </span>
                <span className="option-check" aria-hidden="true" />
                {option.note && (
                  <span className="option-note" id={`${descriptionId}-note`}>
                    {option.note}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
