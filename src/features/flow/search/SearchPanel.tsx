import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createFlowSearch, type SearchField } from '../../../core/flow/search/search-index';
import { IconButton } from '../../../ui';
import { useFlow } from '../store/flow-context';
import { selectNodes } from '../store/flow-store';
import { useToolEditor } from '../tools-context';
import './search.css';
import { SEARCH_MEASURE } from '../tool-measures';

const FIELD_LABELS: Record<SearchField, string> = {
  title: 'Title',
  content: 'Content',
  variable: 'Variable',
  url: 'API URL',
};

/**
 * Issue 20 §1: Ctrl/Cmd+F. Searches titles, content in every language, variable names and API
 * URLs as the author types; Enter and the arrow keys go to each result in turn (the board selects
 * it and centres on it at a readable zoom), a click goes to that one.
 */
export function SearchPanel({ onClose }: { onClose(): void }) {
  const editor = useToolEditor();
  const nodes = useFlow(selectNodes);
  const search = useMemo(() => createFlowSearch(), []);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const typed = useRef<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const answer = useMemo(() => search.search(nodes, query), [search, nodes, query]);

  useEffect(() => {
    inputRef.current?.focus();
    // Read every node's texts while the author starts typing, so each keystroke only scans.
    search.warm(editor.store.getState().nodes);
  }, [search, editor]);
  useLayoutEffect(() => {
    if (typed.current === null) return;
    performance.measure(SEARCH_MEASURE, { start: typed.current, detail: answer.total });
    typed.current = null;
  }, [answer]);

  const go = (index: number) => {
    const result = answer.results[index];
    if (!result) return;
    setActive(index);
    editor.goToNode(result.id);
    document.getElementById(`${listId}-${index}`)?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const count = answer.results.length;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (count === 0) {
      return;
    } else if (event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey)) {
      event.preventDefault();
      go((active + 1) % count);
    } else if (event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey)) {
      event.preventDefault();
      go((active - 1 + count) % count);
    }
  };

  const status =
    query.trim() === ''
      ? 'Type to search titles, texts, variables and API URLs'
      : answer.total === 0
        ? 'No nodes found'
        : answer.total > answer.results.length
          ? `${answer.total} nodes found, showing the first ${answer.results.length}`
          : `${answer.total} ${answer.total === 1 ? 'node' : 'nodes'} found`;

  return (
    <section className="flow-search" role="search" aria-label="Search the flow" onKeyDown={onKeyDown}>
      <div className="flow-search-row">
        <input
          ref={inputRef}
          className="input flow-search-input"
          type="search"
          placeholder="Search the flow"
          aria-label="Search the flow"
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          value={query}
          onChange={(event) => {
            typed.current = performance.now();
            setQuery(event.target.value);
            setActive(-1);
          }}
        />
        <IconButton icon="close" label="Close search" size={16} onClick={onClose} />
      </div>
      <p className="flow-search-status" role="status">
        {status}
      </p>
      {answer.results.length > 0 && (
        <ul className="flow-search-results" id={listId} role="listbox" aria-label="Search results">
          {answer.results.map((result, index) => (
            <li
              key={result.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="flow-search-result"
              onClick={() => go(index)}
            >
              <span className="flow-search-result-head">
                <strong>{result.name || result.nodeType}</strong>
                <span className="flow-search-field">{fieldLabel(result.field, result.path)}</span>
              </span>
              <span className="flow-search-context">
                {result.before}
                <mark>{result.match}</mark>
                {result.after}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Content (fr)" when the text is one language's. */
function fieldLabel(field: SearchField, path: string): string {
  const language = /\.([a-z]{2})$/.exec(path)?.[1];
  return field === 'content' && language ? `${FIELD_LABELS[field]} (${language})` : FIELD_LABELS[field];
}
