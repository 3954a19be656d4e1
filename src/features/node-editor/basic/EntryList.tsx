import { useState } from 'react';
import type { Entry } from '../../../core/flow';
import { validateEntry } from '../../../core/validation';
import { Button } from '../../../ui';
import { useNodeEditor } from '../editor-context';
import { ELEMENT_KINDS, entryKind, entrySummary } from '../logic/entries';
import { ItemActions } from '../widgets/ItemActions';
import { ToolButton } from '../widgets/icons';
import { EntryForm } from './EntryForm';
import type { ChangeEntry } from './entry-form-types';
import { EntryPreview } from './EntryPreview';

interface EntryListProps {
  entries: readonly Entry[];
  /** Changes the entry at `index` (edits apply to the node at once, spec 2 §4). */
  onChange: (index: number, recipe: Parameters<ChangeEntry>[0]) => void;
  /** Puts an entry back as it was (Cancel). */
  onReplace: (index: number, entry: Entry) => void;
  onMove: (index: number, delta: -1 | 1) => void;
  onDelete: (index: number) => void;
}

const kindLabel = (entry: Entry) => ELEMENT_KINDS.find((k) => k.kind === entryKind(entry))?.label ?? '';

/**
 * The basic node's entries (spec 2 §2, §4): each previewable, editable in place, movable and
 * deletable. Editing keeps a copy of the original: Cancel puts it back, Save drops the copy.
 */
export function EntryList({ entries, onChange, onReplace, onMove, onDelete }: EntryListProps) {
  const { errorAt, validation, busy } = useNodeEditor();
  const [editing, setEditing] = useState<{ index: number; original: Entry } | null>(null);
  const [previewing, setPreviewing] = useState<ReadonlySet<number>>(new Set());

  if (entries.length === 0) return <p className="ne-muted">No elements yet. Add the first one below.</p>;

  const togglePreview = (i: number) => {
    const next = new Set(previewing);
    if (!next.delete(i)) next.add(i);
    setPreviewing(next);
  };
  const stopEditing = () => setEditing(null);

  return (
    <ol className="ne-list" aria-label="Elements">
      {entries.map((entry, i) => {
        const name = `element ${i + 1}`;
        const isEditing = editing?.index === i;
        const invalid = !isEditing && errorAtPrefix(errorAt, `entries.${i}.`);
        return (
          <li
            key={i}
            className={invalid ? 'ne-card ne-invalid' : 'ne-card'}
            aria-label={`${kindLabel(entry)} ${entrySummary(entry)}`}
          >
            <div className="ne-row">
              <span className="ne-chip">{kindLabel(entry)}</span>
              <span className="ne-grow ne-ellipsis">{entrySummary(entry)}</span>
              {!isEditing && (
                <>
                  <ToolButton
                    icon="eye"
                    label={`Preview ${name}`}
                    aria-pressed={previewing.has(i)}
                    onClick={() => togglePreview(i)}
                  />
                  <ItemActions
                    name={name}
                    index={i}
                    count={entries.length}
                    onMove={editing ? undefined : (d) => onMove(i, d)}
                    onEdit={editing ? undefined : () => setEditing({ index: i, original: entry })}
                    onDelete={editing ? undefined : () => onDelete(i)}
                  />
                </>
              )}
            </div>
            {invalid && <p className="field-error">{invalid}</p>}
            {previewing.has(i) && !isEditing && (
              <div className="ne-preview" aria-label={`Preview of ${name}`}>
                <EntryPreview entry={entry} />
              </div>
            )}
            {isEditing && (
              <div className="ne-stack ne-edit-in-place">
                <EntryForm
                  formKey={`entry-${i}`}
                  entry={entry}
                  errorAt={(field) => errorAt(`entries.${i}.${field}`)}
                  change={(recipe) => onChange(i, recipe)}
                />
                <div className="ne-row ne-end">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      onReplace(i, editing.original);
                      stopEditing();
                    }}
                  >
                    Cancel
                  </Button>
                  <Button
                    size="sm"
                    disabled={busy || validateEntry(entry, validation).length > 0}
                    onClick={stopEditing}
                  >
                    Save
                  </Button>
                </div>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The first problem under a prefix (an entry's fields), for marking a collapsed row. */
function errorAtPrefix(errorAt: (field: string) => string | undefined, prefix: string): string | undefined {
  return errorAt(`${prefix}*`);
}
