// What the preview shows (layout, light or dark, direction, language) and the palette helper.
import { HexColorInput } from 'react-colorful';
import { Button } from '../../ui';
import { Switch } from '../../ui/Switch';
import type { Language } from './use-theme-draft';

export interface PreviewToolbarProps {
  customUI: boolean;
  dark: boolean;
  rtl: boolean;
  languages: Language[];
  language: Language | null;
  brand: string;
  failing: number;
  onCustomUI(on: boolean): void;
  onDark(on: boolean): void;
  onRtl(on: boolean): void;
  onLanguage(language: Language): void;
  onBrand(colour: string): void;
  onDerive(): void;
}

function Segmented<T extends string>(props: {
  label: string;
  options: [T, string][];
  value: T;
  onChange(value: T): void;
}) {
  return (
    <div className="theme-segmented" role="group" aria-label={props.label}>
      {props.options.map(([value, text]) => (
        <button
          key={value}
          type="button"
          aria-pressed={props.value === value}
          onClick={() => props.onChange(value)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

export function PreviewToolbar(props: PreviewToolbarProps) {
  return (
    <div className="theme-toolbar">
      <Segmented
        label="Layout"
        options={[
          ['standard', 'Standard'],
          ['custom', 'Custom UI'],
        ]}
        value={props.customUI ? 'custom' : 'standard'}
        onChange={(value) => props.onCustomUI(value === 'custom')}
      />
      <Segmented
        label="Mode"
        options={[
          ['light', 'Light'],
          ['dark', 'Dark'],
        ]}
        value={props.dark ? 'dark' : 'light'}
        onChange={(value) => props.onDark(value === 'dark')}
      />
      <Switch label="Right to left" checked={props.rtl} onChange={props.onRtl} />
      {props.languages.length > 1 && (
        <label className="theme-language">
          <span>Language</span>
          <select
            className="input"
            value={props.language?.id ?? ''}
            onChange={(event) => {
              const next = props.languages.find((l) => String(l.id) === event.target.value);
              if (next) props.onLanguage(next);
            }}
          >
            {props.languages.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="theme-derive">
        <label htmlFor="theme-brand">Brand colour</label>
        <span className="theme-swatch small" style={{ background: props.brand }} aria-hidden="true" />
        <HexColorInput
          id="theme-brand"
          className="input theme-hex"
          color={props.brand}
          onChange={props.onBrand}
          prefixed
        />
        <Button variant="outline" size="sm" onClick={props.onDerive}>
          Derive palette
        </Button>
      </div>
      <p className={props.failing ? 'theme-summary fail' : 'theme-summary'} role="status">
        {props.failing
          ? `${props.failing} low-contrast pair${props.failing > 1 ? 's' : ''}`
          : 'All text passes WCAG AA'}
      </p>
    </div>
  );
}
