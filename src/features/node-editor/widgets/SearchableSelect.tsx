import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

// Spec 2 "Other widgets": a searchable dropdown. Its texts and the 200px default height are the
// spec's; the trigger is a combobox named by the visible label, the list a listbox of options.

export const SELECT_PLACEHOLDER = 'Select an option';
export const SEARCH_PLACEHOLDER = 'Search options...';
export const NO_OPTIONS = 'No options found';
export const DEFAULT_MAX_HEIGHT = 200;

export interface SelectOption {
  value: string;
  label: string;
}

interface SearchableSelectProps {
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  placeholder?: string;
  maxHeight?: number;
  disabled?: boolean;
}

export function SearchableSelect({
  label,
  options,
  value,
  onChange,
  error,
  hint,
  placeholder = SELECT_PLACEHOLDER,
  maxHeight = DEFAULT_MAX_HEIGHT,
  disabled,
}: SearchableSelectProps) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const selected = options.find((option) => option.value === value) ?? null;
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((option) => option.label.toLowerCase().includes(q)) : options;
  }, [options, query]);

  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const toggle = (next: boolean) => {
    setOpen(next);
    setQuery('');
    setActive(0);
  };
  const choose = (option: SelectOption) => {
    onChange(option.value);
    toggle(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // closes the list, not the modal
      toggle(false);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(shown.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter' && shown[active]) {
      event.preventDefault();
      choose(shown[active]);
    }
  };

  const describedBy = error || hint ? `${id}-msg` : undefined;
  return (
    <div className={error ? 'field field-invalid' : 'field'} ref={root}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="ne-select">
        <button
          type="button"
          role="combobox"
          className="input ne-select-trigger"
          aria-labelledby={`${id}-label`}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? `${id}-list` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          onClick={() => toggle(!open)}
        >
          <span className={selected ? undefined : 'ne-placeholder'}>{selected?.label ?? placeholder}</span>
          <span aria-hidden="true" className="ne-caret">
            ▾
          </span>
        </button>
        {open && (
          <div className="ne-select-panel" onKeyDown={onKeyDown}>
            <input
              ref={search}
              type="search"
              className="input ne-select-search"
              placeholder={SEARCH_PLACEHOLDER}
              aria-label={`Search ${label}`}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
            />
            <ul
              id={`${id}-list`}
              role="listbox"
              aria-label={label}
              className="ne-select-list"
              style={{ maxHeight }}
            >
              {shown.length === 0 && <li className="ne-select-empty">{NO_OPTIONS}</li>}
              {shown.map((option, i) => (
                <li
                  key={option.value}
                  role="option"
                  aria-selected={option.value === value}
                  className={i === active ? 'ne-select-option ne-active' : 'ne-select-option'}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(option)}
                >
                  {option.label}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {(error || hint) && (
        <p className={error ? 'field-error' : 'field-hint'} id={`${id}-msg`}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}
