import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Icon, type IconName } from './icons';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a loader in place of the icon and disables the button (spec 1 §4: submit while sending). */
  loading?: boolean;
  icon?: IconName;
  block?: boolean;
  size?: 'md' | 'sm';
  children?: ReactNode;
}

/** The input component's "button" and "submit" kinds (spec 1 §2). */
export function Button({
  variant = 'primary',
  loading = false,
  icon,
  block = false,
  size = 'md',
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, size === 'sm' && 'btn-sm', block && 'btn-block', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner /> : icon ? <Icon name={icon} size={18} /> : null}
      {children}
    </button>
  );
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: IconName;
  /** Required: an icon alone has no accessible name. */
  label: string;
  size?: number;
}

/** The input component's "icon" kind: a round button holding one icon. */
export function IconButton({ icon, label, size = 20, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      className={className ? `icon-btn ${className}` : 'icon-btn'}
      aria-label={label}
      title={label}
      {...rest}
    >
      <Icon name={icon} size={size} />
    </button>
  );
}
