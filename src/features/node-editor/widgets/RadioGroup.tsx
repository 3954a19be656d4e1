import { useId } from 'react';

interface RadioGroupProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

/** A row of radio buttons in a named group (getByRole('radio', { name })). */
export function RadioGroup<V extends string>({ label, value, options, onChange }: RadioGroupProps<V>) {
  const name = useId();
  return (
    <fieldset className="ne-radios">
      <legend className="field-label">{label}</legend>
      {options.map((option) => (
        <label key={option.value} className={option.value === value ? 'ne-radio ne-radio-on' : 'ne-radio'}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
