import { useState, type DragEvent, type ReactNode } from 'react';
import { fieldIconOf } from '../../../core/flow';
import { useNodeEditor } from '../editor-context';
import { FIELD_TYPE_LABELS, type WizardField } from '../logic/wizard-fields';
import { EditorIcon } from '../widgets/icons';
import { VariableIcon } from '../widgets/VariableIcon';
import { ItemActions } from '../widgets/ItemActions';

interface StepListProps {
  fields: readonly WizardField[];
  editing: number | null;
  onEdit: (index: number) => void;
  onMove: (index: number, delta: -1 | 1) => void;
  /** A drop: the step from `source` goes into the gap before row `gap` (length: after the last). */
  onDrop: (source: number, gap: number) => void;
  onDelete: (index: number) => void;
  renderEditor: (index: number) => ReactNode;
}

/** Which gap a pointer over row `index` means: before it in its top half, after it below. */
function gapAt(event: DragEvent<HTMLElement>, index: number): number {
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientY < box.top + box.height / 2 ? index : index + 1;
}

/** The wizard's steps, reordered by buttons or by drag and drop (spec 2 §2, §4). */
export function StepList({ fields, editing, onEdit, onMove, onDrop, onDelete, renderEditor }: StepListProps) {
  const { language, defaultLanguage, errorAt } = useNodeEditor();
  const [dragged, setDragged] = useState<number | null>(null);
  const [gap, setGap] = useState<number | null>(null);
  const clear = () => {
    setDragged(null);
    setGap(null);
  };

  if (fields.length === 0) return <p className="ne-muted">No steps yet.</p>;
  return (
    <ol className="ne-list" aria-label="Steps">
      {fields.map((field, i) => {
        if (editing === i) return <li key={String(field.id)}>{renderEditor(i)}</li>;
        const question = field.feedback?.[language] || field.feedback?.[defaultLanguage] || '(no question)';
        const problem = errorAt(`wizard.fields.${i}.*`);
        const classes = [
          'ne-card',
          problem && 'ne-invalid',
          dragged === i && 'ne-dragging',
          gap === i && 'ne-drop-before',
          gap === i + 1 && i === fields.length - 1 && 'ne-drop-after',
        ];
        return (
          <li
            key={String(field.id)}
            className={classes.filter(Boolean).join(' ')}
            aria-label={`Step ${i + 1}: ${question}`}
            draggable={editing === null}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(i));
              setDragged(i);
            }}
            onDragOver={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              const next = gapAt(event, i);
              if (next !== gap) setGap(next);
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null) onDrop(dragged, gapAt(event, i));
              clear();
            }}
            onDragEnd={clear}
          >
            <div className="ne-row">
              <span className="ne-grip" aria-hidden="true">
                <EditorIcon name="grip" />
              </span>
              <span className="ne-index">{i + 1}</span>
              <VariableIcon kind={fieldIconOf(field.fieldIcon, field.type)} labelled />
              <span className="ne-grow ne-ellipsis">{question}</span>
              <span className="ne-chip">{FIELD_TYPE_LABELS[field.type] ?? field.type}</span>
              {field.attr && <code className="ne-muted">{field.attr}</code>}
              {editing === null && (
                <ItemActions
                  name={`step ${i + 1}`}
                  index={i}
                  count={fields.length}
                  onMove={(d) => onMove(i, d)}
                  onEdit={() => onEdit(i)}
                  onDelete={() => onDelete(i)}
                />
              )}
            </div>
            {problem && <p className="field-error">{problem}</p>}
          </li>
        );
      })}
    </ol>
  );
}
