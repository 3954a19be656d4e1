import { useId } from 'react';
import { FIELD_ICON_KINDS, FIELD_ICON_LABELS, type FieldIconKind } from '../../../core/flow';
import { VariableIcon } from './VariableIcon';
import './field-icon-picker.css';

interface FieldIconPickerProps {
  value: FieldIconKind;
  onChange: (kind: FieldIconKind) => void;
}

/**
 * The step's icon, picked from the whole catalogue (spec 2 §3). Radio buttons under the icons:
 * arrow keys move through them and screen readers read each kind's name.
 */
export function FieldIconPicker({ value, onChange }: FieldIconPickerProps) {
  const name = useId();
  return (
    <fieldset className="ne-icon-picker">
      <legend className="field-label">
        Field icon <span className="ne-icon-current">{FIELD_ICON_LABELS[value]}</span>
      </legend>
      <div className="ne-icon-grid">
        {FIELD_ICON_KINDS.map((kind) => (
          <label
            key={kind}
            className={kind === value ? 'ne-icon-choice ne-icon-on' : 'ne-icon-choice'}
            title={FIELD_ICON_LABELS[kind]}
          >
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={kind}
              aria-label={FIELD_ICON_LABELS[kind]}
              checked={kind === value}
              onChange={() => onChange(kind)}
            />
            <VariableIcon kind={kind} size={18} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
