import { useId, type ReactNode } from 'react';
import type { LangText } from '../../../core/flow';
import { normalizeVariableName } from '../../../core/rules/names';
import { FieldFrame } from '../../../ui';
import { useNodeEditor } from '../editor-context';
import { languageLabel } from '../../../core/bot/language-label';

interface InputFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'url' | 'time' | 'textarea' | 'password';
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  rows?: number;
  required?: boolean;
  disabled?: boolean;
  hideLabel?: boolean;
  /** Extra control after the input (a button). */
  after?: ReactNode;
}

/** A labelled text-like input; an error marks it invalid and is read with it. */
export function InputField({
  label,
  value,
  onChange,
  type = 'text',
  error,
  hint,
  rows = 3,
  ...rest
}: InputFieldProps) {
  const id = useId();
  const { after, hideLabel, ...native } = rest;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? `${id}-msg` : undefined,
    ...native,
  };
  return (
    <FieldFrame id={id} label={label} hideLabel={hideLabel} hint={hint} error={error}>
      <div className={after ? 'ne-input-row' : undefined}>
        {type === 'textarea' ? (
          <textarea
            className="input textarea"
            rows={rows}
            onChange={(e) => onChange(e.target.value)}
            {...common}
          />
        ) : (
          <input className="input" type={type} onChange={(e) => onChange(e.target.value)} {...common} />
        )}
        {after}
      </div>
    </FieldFrame>
  );
}

interface NumberInputProps {
  label: string;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  error?: string;
  hint?: ReactNode;
  min?: number;
  step?: number;
}

/** A number input that emits numbers (null while empty). */
export function NumberInput({ label, value, onChange, error, hint, min, step }: NumberInputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="decimal"
        min={min}
        step={step}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-msg` : undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.valueAsNumber)}
      />
    </FieldFrame>
  );
}

/** Spec 2 §5: variable names are normalised on every input (spaces to _, others dropped). */
export function VariableNameField(props: Omit<InputFieldProps, 'type'>) {
  return (
    <InputField
      placeholder="variable_name"
      {...props}
      onChange={(value) => props.onChange(normalizeVariableName(value))}
    />
  );
}

interface SelectFieldProps<V extends string | number> {
  label: string;
  value: V | '';
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  error?: string;
  placeholder?: string;
}

export function SelectField<V extends string | number>({
  label,
  value,
  options,
  onChange,
  error,
  placeholder,
}: SelectFieldProps<V>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        id={id}
        className="input"
        value={String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-msg` : undefined}
        onChange={(e) => {
          const picked = options.find((option) => String(option.value) === e.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The error of a per-language field: in the shown language, or the default language's when it is missing. */
export function useLangError(
  field: string,
  errorOf?: (field: string) => string | undefined,
): string | undefined {
  const context = useNodeEditor();
  const { language, defaultLanguage, languages } = context;
  const errorAt = errorOf ?? context.errorAt;
  const own = errorAt(`${field}.${language}`);
  if (own) return own;
  if (language === defaultLanguage) return undefined;
  const missing = errorAt(`${field}.${defaultLanguage}`);
  if (!missing) return undefined;
  const name = languages.find((l) => l.code === defaultLanguage)?.name ?? defaultLanguage;
  return `${missing} in ${languageLabel(name)} (the primary language)`;
}

interface LangTextFieldProps extends Omit<InputFieldProps, 'value' | 'onChange' | 'error'> {
  /** The field's path in the node (e.g. `prompt`); errors are looked up under `{field}.{code}`. */
  field: string;
  value: LangText | undefined;
  onChange: (value: LangText) => void;
  /** Where errors are looked up (a form's own problems); the node's by default. */
  errorOf?: (field: string) => string | undefined;
}

/** Text kept per language code: shows and edits the language chosen in the header. */
export function LangTextField({ field, value, onChange, errorOf, ...rest }: LangTextFieldProps) {
  const { language } = useNodeEditor();
  const error = useLangError(field, errorOf);
  return (
    <InputField
      {...rest}
      value={value?.[language] ?? ''}
      error={error}
      onChange={(text) => onChange({ ...value, [language]: text })}
    />
  );
}

/** Every node's name field (spec 2 §5: required, except flow-template). */
export function NodeNameField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { errorAt } = useNodeEditor();
  return <InputField label="Node name" value={value} onChange={onChange} error={errorAt('name')} required />;
}

/** A titled group of fields. */
export function Section({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="ne-section" aria-labelledby={id}>
      <div className="ne-section-head">
        <h3 id={id} className="ne-section-title">
          {title}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  );
}
