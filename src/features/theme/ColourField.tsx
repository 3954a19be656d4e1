// A colour setting: a swatch that opens react-colorful's picker, and the hex text input beside
// it (spec 3 §2/§9: 180 wide). The picker is small (2.8 KB), accessible and well kept.
import { memo, useId, useState } from 'react';
import type { ThemeSections } from '../../core/theme';
import { HexColorInput, HexColorPicker } from 'react-colorful';

export interface ColourFieldProps {
  label: string;
  section: keyof ThemeSections;
  field: string;
  value: string;
  onColour(section: keyof ThemeSections, field: string, value: string): void;
  /** A failing contrast check on this colour: shown under the field. */
  warning?: string | null;
}

/** Memoised: an edit redraws only the field whose colour changed. */
export const ColourField = memo(function ColourField(props: ColourFieldProps) {
  const { label, section, field, value, onColour, warning } = props;
  const onChange = (next: string) => onColour(section, field, next);
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="theme-colour field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="theme-colour-row">
        <button
          type="button"
          className="theme-swatch"
          style={{ background: value }}
          aria-label={`${label}: open the colour picker`}
          aria-expanded={open}
          onClick={() => setOpen((shown) => !shown)}
        />
        <HexColorInput
          id={id}
          className="input theme-hex"
          color={value}
          onChange={onChange}
          prefixed
          aria-describedby={warning ? `${id}-warn` : undefined}
        />
      </div>
      {open && <HexColorPicker className="theme-picker" color={value} onChange={onChange} />}
      {warning && (
        <p className="theme-warn-text" id={`${id}-warn`}>
          {warning}
        </p>
      )}
    </div>
  );
});
