import { useId } from 'react';

/** An on/off control: a checkbox with the switch role, named by its visible label. */
export function Switch({
  label,
  checked,
  onChange,
  hint,
  disabled = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  disabled?: boolean;
}) {
  const hintId = useId();
  return (
    <div className="switch-row">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="switch-track" aria-hidden="true" />
        <span>{label}</span>
      </label>
      {hint && (
        <p className="switch-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
