import { useEffect, useRef, useState } from 'react';
import { Icon } from './icons';

export interface BadgeOption {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

export interface BadgeProps {
  label: string;
  active?: boolean;
  /** When given, the badge opens a small menu of actions (e.g. Make Default, Remove). */
  options?: BadgeOption[];
  title?: string;
}

/** A pill label; with options it becomes a menu button (spec 1 §2 "badge with optional options menu"). */
export function Badge({ label, active = false, options, title }: BadgeProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const className = active ? 'badge badge-active' : 'badge';
  if (!options?.length) {
    return (
      <span className={className} title={title}>
        {label}
      </span>
    );
  }
  return (
    <span
      className="badge-menu"
      ref={root}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        // This Escape closes the menu only, not the dialog around it (which would ask to discard).
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
      }}
    >
      <button
        type="button"
        className={`${className} badge-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        title={title}
        onClick={() => setOpen(!open)}
      >
        {label}
        <Icon name="chevronDown" size={14} />
      </button>
      {open && (
        <span className="menu" role="menu" aria-label={`${label} options`}>
          {options.map((option) => (
            <button
              key={option.label}
              type="button"
              role="menuitem"
              className="menu-item"
              disabled={option.disabled}
              onClick={() => {
                setOpen(false);
                option.onSelect();
              }}
            >
              {option.label}
            </button>
          ))}
        </span>
      )}
    </span>
  );
}
