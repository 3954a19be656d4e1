import { useId, useState, type ReactNode } from 'react';
import { IconButton } from './Button';
import { Icon, type IconName } from './icons';

interface FieldFrameProps {
  id: string;
  label: string;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** Label above, control, then the error (or the hint) below; shared by every field kind. */
export function FieldFrame({ id, label, hideLabel, hint, error, children }: FieldFrameProps) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-msg`}>
          {error}
        </p>
      ) : hint ? (
        <p className="field-hint" id={`${id}-msg`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'textarea';
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string;
  placeholder?: string;
  name?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  required?: boolean;
  rows?: number;
  icon?: IconName;
  /** Called when the input loses focus (after the trim), e.g. to judge what was typed. */
  onBlur?: () => void;
}

/**
 * Text, e-mail, password (with show/hide) and textarea inputs. Spec 1 §5 trims text on input: we drop
 * leading blanks while typing and trim both ends on blur, so names with inner spaces stay typeable.
 * Passwords are never trimmed.
 */
export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  hideLabel,
  hint,
  error,
  icon,
  rows = 4,
  onBlur,
  ...rest
}: TextFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const trims = type === 'text' || type === 'email';
  const describedBy = error || hint ? `${id}-msg` : undefined;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onBlur: () => {
      if (trims && value !== value.trim()) onChange(value.trim());
      onBlur?.();
    },
    ...rest,
  };
  const emit = (raw: string) => onChange(trims ? raw.trimStart() : raw);

  return (
    <FieldFrame id={id} label={label} hideLabel={hideLabel} hint={hint} error={error}>
      {type === 'textarea' ? (
        <textarea className="input textarea" rows={rows} onChange={(e) => emit(e.target.value)} {...common} />
      ) : (
        <div className="input-wrap">
          {icon && <Icon name={icon} size={18} className="input-lead" />}
          <input
            className={['input', icon && 'has-lead', type === 'password' && 'has-trail']
              .filter(Boolean)
              .join(' ')}
            type={type === 'password' && shown ? 'text' : type}
            onChange={(e) => emit(e.target.value)}
            {...common}
          />
          {type === 'password' && (
            <IconButton
              className="input-trail"
              icon={shown ? 'eyeOff' : 'eye'}
              label={shown ? 'Hide password' : 'Show password'}
              size={18}
              onClick={() => setShown(!shown)}
            />
          )}
        </div>
      )}
    </FieldFrame>
  );
}

export interface NumberFieldProps {
  label: string;
  value: number | null;
  /** Spec 1 §5: number inputs emit numeric values (null while empty). */
  onChange: (value: number | null) => void;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  placeholder?: string;
}

export function NumberField({ label, value, onChange, hideLabel, hint, error, ...rest }: NumberFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hideLabel={hideLabel} hint={hint} error={error}>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="decimal"
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-msg` : undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.valueAsNumber)}
        {...rest}
      />
    </FieldFrame>
  );
}
