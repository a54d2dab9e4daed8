import { useId, type ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
  /** Language of the label, when it is not the page's (a language's own name). */
  lang?: string;
}

export interface ChoiceGroupProps<T extends string> {
  legend: ReactNode;
  /** The chosen value; null: none chosen yet. */
  value: T | null;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  help?: ReactNode;
}

/** One-of-few choice as a row of segments: native radio buttons, so arrow keys work. */
export function ChoiceGroup<T extends string>({
  legend,
  value,
  choices,
  onChange,
  help,
}: ChoiceGroupProps<T>) {
  const name = useId();
  const helpId = `${name}-help`;
  return (
    <fieldset className="choice-group" aria-describedby={help ? helpId : undefined}>
      <legend className="field-label">{legend}</legend>
      <div className="segmented">
        {choices.map((choice) => (
          <label key={choice.value} lang={choice.lang}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {help && (
        <p id={helpId} className="field-help">
          {help}
        </p>
      )}
    </fieldset>
  );
}
