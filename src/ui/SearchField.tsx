import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from './icons';

/** Spec 1 §4 / §9: Enter with one result selects it after 50 ms; blur hides after 150 ms, clears 50 ms later. */
export const SEARCH_ENTER_DELAY_MS = 50;
export const SEARCH_BLUR_HIDE_MS = 150;
export const SEARCH_CLEAR_AFTER_HIDE_MS = 50;

export interface SearchFieldProps<T> {
  /** The accessible name; shown only when `showLabel` is set. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  showLabel?: boolean;
  /** When given, a suggestion list opens under the box while typing. */
  suggestions?: readonly T[];
  suggestionLabel?: (item: T) => string;
  suggestionKey?: (item: T) => string | number;
  onSelect?: (item: T) => void;
  /** Called once the hidden list should be emptied (blur + 150 ms + 50 ms). */
  onClearSuggestions?: () => void;
  autoFocus?: boolean;
}

export function SearchField<T>({
  label,
  value,
  onChange,
  placeholder,
  showLabel = false,
  suggestions,
  suggestionLabel = String,
  suggestionKey,
  onSelect,
  onClearSuggestions,
  autoFocus,
}: SearchFieldProps<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const timers = useRef<number[]>([]);
  // The Enter delay reads the list as it is 50 ms later, after a debounced search has settled.
  const latest = useRef(suggestions);
  useEffect(() => {
    latest.current = suggestions;
  }, [suggestions]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const later = (ms: number, run: () => void) => {
    const id = window.setTimeout(() => {
      timers.current = timers.current.filter((t) => t !== id);
      run();
    }, ms);
    timers.current.push(id);
  };
  const items = suggestions ?? [];
  const expanded = open && items.length > 0;

  const choose = (item: T) => {
    onSelect?.(item);
    setOpen(false);
    setHighlight(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!suggestions) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((h) => (items.length ? (h + step + items.length) % items.length : -1));
    } else if (event.key === 'Escape' && expanded) {
      // Closes the suggestions only, not the dialog the field sits in.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (expanded && highlight >= 0 && items[highlight]) return choose(items[highlight]);
      later(SEARCH_ENTER_DELAY_MS, () => {
        const current = latest.current ?? [];
        if (current.length === 1) choose(current[0]);
      });
    }
  };

  const onBlur = () => {
    later(SEARCH_BLUR_HIDE_MS, () => {
      setOpen(false);
      setHighlight(-1);
      later(SEARCH_CLEAR_AFTER_HIDE_MS, () => onClearSuggestions?.());
    });
  };

  return (
    <div className="field search-field">
      <label htmlFor={id} className={showLabel ? 'field-label' : 'visually-hidden'}>
        {label}
      </label>
      <div className="input-wrap">
        <Icon name="search" size={18} className="input-lead" />
        <input
          id={id}
          className="input has-lead"
          type="search"
          value={value}
          placeholder={placeholder}
          autoFocus={autoFocus}
          autoComplete="off"
          role={suggestions ? 'combobox' : undefined}
          aria-expanded={suggestions ? expanded : undefined}
          aria-controls={suggestions ? listId : undefined}
          aria-autocomplete={suggestions ? 'list' : undefined}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
            setHighlight(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
      </div>
      {expanded && (
        <ul className="suggestions" id={listId} role="listbox" aria-label={label}>
          {items.map((item, index) => (
            <li
              key={suggestionKey ? suggestionKey(item) : index}
              role="option"
              aria-selected={index === highlight}
              className={index === highlight ? 'suggestion active' : 'suggestion'}
              // mousedown would blur the input first; keeping focus makes the click land reliably.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(item)}
            >
              {suggestionLabel(item)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
