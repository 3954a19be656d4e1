// The side panel: the settings of the part clicked in the preview (spec 3 §2), its contrast
// checks with the measured ratio and a one-click fix, or the spec's hint when nothing is selected.
import { Fragment } from 'react';
import type { ContrastCheck, ThemePart, ThemeSections } from '../../core/theme';
import { Button, NumberField, TextField } from '../../ui';
import { Switch } from '../../ui/Switch';
import { AvatarDrop } from './AvatarDrop';
import { ColourField } from './ColourField';
import { PART_BY_NAME, type PartField } from './theme-parts';
import type { SpeechFlags } from './use-theme-draft';

export const NOTHING_SELECTED = 'Click on a specific part of the chat to edit';

export interface PartPanelProps {
  part: ThemePart | null;
  /** The theme as the preview shows it (the dark variant in dark mode). */
  shown: ThemeSections;
  flags: SpeechFlags;
  /** The title and placeholder as edited in the previewed language. */
  texts: { headerTitle: string; inputPlaceholderText: string };
  /** The default-language texts, shown as hints when another language is edited. */
  textsHint: string | null;
  avatar: string;
  checks: ContrastCheck[];
  dark: boolean;
  onColour(section: keyof ThemeSections, key: string, value: string): void;
  onText(key: 'headerTitle' | 'inputPlaceholderText', value: string): void;
  onNumber(
    section: 'header' | 'body',
    key: 'headerTitleFontSize' | 'chatFontSize',
    value: number | null,
  ): void;
  onToggle(section: 'header' | 'body', key: 'isAvatar' | 'rtl', value: boolean): void;
  onFlags(flags: Partial<SpeechFlags>): void;
  onAvatarFile(file: File): void;
  onAvatarRemove(): void;
  onFix(check: ContrastCheck): void;
}

export const ratioText = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;

function ContrastList({ checks, onFix }: Pick<PartPanelProps, 'checks' | 'onFix'>) {
  if (checks.length === 0) return null;
  return (
    <ul className="theme-checks" aria-label="Contrast">
      {checks.map((check) => (
        <li key={check.id} className={check.passes ? 'pass' : 'fail'} data-check={check.id}>
          <span>
            {check.passes ? '✓' : '⚠'} {check.label}:{' '}
            <strong className="theme-ratio">{ratioText(check.ratio)}</strong>
            {!check.passes && ` (AA needs ${check.required}:1)`}
          </span>
          {!check.passes && (
            <Button size="sm" variant="outline" onClick={() => onFix(check)}>
              Fix contrast
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function SpeechSwitches({ flags, onFlags }: Pick<PartPanelProps, 'flags' | 'onFlags'>) {
  return (
    <fieldset className="theme-fieldset">
      <legend>Voice</legend>
      <Switch
        label="Speech to text"
        checked={flags.use_stt}
        onChange={(on) => onFlags({ use_stt: on, ...(on ? {} : { use_ext_stt: false }) })}
      />
      <Switch
        label="Speech to text by the external API"
        checked={flags.use_ext_stt}
        disabled={!flags.use_stt}
        onChange={(on) => onFlags({ use_ext_stt: on })}
      />
      <Switch
        label="Text to speech"
        checked={flags.use_tts}
        onChange={(on) => onFlags({ use_tts: on, ...(on ? {} : { use_ext_tts: false }) })}
      />
      <Switch
        label="Text to speech by the external API"
        checked={flags.use_ext_tts}
        disabled={!flags.use_tts}
        onChange={(on) => onFlags({ use_ext_tts: on })}
      />
    </fieldset>
  );
}

function Field({ field, props }: { field: PartField; props: PartPanelProps }) {
  const { shown } = props;
  switch (field.kind) {
    case 'colour': {
      const value = (shown[field.section] as unknown as Record<string, string>)[field.key];
      const failing = props.checks.find(
        (c) => !c.passes && c.text.section === field.section && c.text.key === field.key,
      );
      return (
        <ColourField
          label={field.label}
          section={field.section}
          field={field.key}
          value={value}
          onColour={props.onColour}
          warning={failing ? `Contrast ${ratioText(failing.ratio)}: below AA` : null}
        />
      );
    }
    case 'text':
    case 'textarea': {
      const value = props.texts[field.key];
      return (
        <TextField
          label={field.label}
          type={field.kind}
          rows={2}
          value={value}
          onChange={(next) => props.onText(field.key, next)}
          hint={props.textsHint ?? undefined}
          error={value.length > field.max ? `At most ${field.max} characters` : undefined}
        />
      );
    }
    case 'number': {
      const value = shown[field.section][field.key as never] as number;
      const invalid = !Number.isInteger(value) || value < 8 || value > 72;
      return (
        <NumberField
          label={`${field.label} (px)`}
          value={Number.isNaN(value) ? null : value}
          min={8}
          max={72}
          step={1}
          error={invalid ? 'A whole number from 8 to 72' : undefined}
          onChange={(next) => props.onNumber(field.section, field.key, next)}
        />
      );
    }
    case 'toggle':
      return (
        <Switch
          label={field.label}
          checked={shown[field.section][field.key as never] as boolean}
          onChange={(on) => props.onToggle(field.section, field.key, on)}
        />
      );
    case 'avatar':
      return (
        <AvatarDrop
          label={field.label}
          current={props.avatar}
          onFile={props.onAvatarFile}
          onRemove={props.onAvatarRemove}
        />
      );
    case 'speech':
      return <SpeechSwitches flags={props.flags} onFlags={props.onFlags} />;
  }
}

export function PartPanel(props: PartPanelProps) {
  const info = props.part ? PART_BY_NAME.get(props.part) : null;
  if (!info) {
    return (
      <aside className="theme-panel" aria-label="Part settings">
        <p className="theme-panel-empty">{NOTHING_SELECTED}</p>
      </aside>
    );
  }
  // In dark mode only the colours are the dark variant's own; texts, sizes and flags are shared.
  const fields = props.dark ? info.fields.filter((f) => f.kind === 'colour') : info.fields;
  return (
    <aside className="theme-panel" aria-label="Part settings">
      <h2>
        {info.label}
        {props.dark && <span className="theme-panel-mode"> (dark mode)</span>}
      </h2>
      <ContrastList checks={props.checks} onFix={props.onFix} />
      {fields.map((field, index) => (
        <Fragment key={`${field.kind}-${'key' in field ? field.key : index}`}>
          <Field field={field} props={props} />
        </Fragment>
      ))}
    </aside>
  );
}
