import { useState } from 'react';
import type { Slot } from '../../../core/flow';
import { ON_NO_MATCH } from '../../../core/flow';
import { useNodeEditor } from '../editor-context';
import { choiceKeywords, choiceLabel, choiceSlots, takenLabels } from '../logic/choices';
import { ItemActions } from '../widgets/ItemActions';
import { ChoiceForm } from './ChoiceForm';

interface ChoiceListProps {
  slots: readonly Slot[];
  onUpdate: (index: number, label: string, keywords: string[]) => void;
  onMove: (index: number, delta: -1 | 1) => void;
  onDelete: (index: number) => void;
}

/** The choices in the language shown, each editable, movable and deletable; no-match stays last. */
export function ChoiceList({ slots, onUpdate, onMove, onDelete }: ChoiceListProps) {
  const { language, errorAt } = useNodeEditor();
  const [editing, setEditing] = useState<number | null>(null);
  const choices = choiceSlots(slots);

  return (
    <ol className="ne-list" aria-label="Choices">
      {choices.map((slot, i) => {
        const label = choiceLabel(slot, language);
        const keywords = choiceKeywords(slot, language);
        const name = `choice ${label || i + 1}`;
        const problem = errorAt(`next.${i}.option.*`);
        return (
          <li
            key={slot.id}
            className={problem ? 'ne-card ne-invalid' : 'ne-card'}
            aria-label={`Choice ${label || i + 1}`}
          >
            {editing === i ? (
              <ChoiceForm
                key={language}
                initialLabel={label}
                initialKeywords={keywords}
                taken={takenLabels(slots, language, i)}
                submitLabel="Save choice"
                onCancel={() => setEditing(null)}
                onSubmit={(newLabel, newKeywords) => {
                  onUpdate(i, newLabel, newKeywords);
                  setEditing(null);
                }}
              />
            ) : (
              <>
                <div className="ne-row">
                  <span className="ne-index">{i + 1}</span>
                  <strong className="ne-grow ne-ellipsis">{label || '(no label in this language)'}</strong>
                  <ItemActions
                    name={name}
                    index={i}
                    count={choices.length}
                    onMove={editing === null ? (d) => onMove(i, d) : undefined}
                    onEdit={editing === null ? () => setEditing(i) : undefined}
                    onDelete={editing === null ? () => onDelete(i) : undefined}
                  />
                </div>
                {keywords.length > 0 && (
                  <ul className="ne-chips" aria-label={`Keywords of ${name}`}>
                    {keywords.map((keyword, k) => (
                      <li key={`${keyword}-${k}`} className="ne-chip">
                        {keyword}
                      </li>
                    ))}
                  </ul>
                )}
                {problem && <p className="field-error">{problem}</p>}
              </>
            )}
          </li>
        );
      })}
      <li className="ne-card ne-fixed" aria-label={ON_NO_MATCH}>
        <div className="ne-row">
          <span className="ne-index">⤷</span>
          <strong className="ne-grow">{ON_NO_MATCH}</strong>
          <span className="ne-muted">When the answer matches no choice. Always last.</span>
        </div>
      </li>
    </ol>
  );
}
