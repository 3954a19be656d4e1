import { useState } from 'react';
import { parseCondition, PREDEFINED_VARIABLES } from '../../../core/condition';
import type { FlowNode } from '../../../core/flow';
import { Button } from '../../../ui';
import { useNodeEditor, type NodeEditorProps } from '../editor-context';
import { addBranch, branchIndices, removeBranch } from '../logic/branches';
import { InputField, Section } from '../widgets/fields';
import { ToolButton } from '../widgets/icons';

const HINT = `Compare variables with == != < > <= >=, join with and / or / not. Predefined: ${PREDEFINED_VARIABLES.map(
  (v) => v.name,
).join(', ')}.`;

/** The parse error of a condition as the author reads it, or undefined when it parses. */
export function conditionError(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  const result = parseCondition(text);
  return result.ok ? undefined : result.error.message;
}

/**
 * Spec 2 §2 Conditions: the conditional next-step branches of every type but choice. A new
 * branch goes before the trailing default branch (before the last two for api and
 * device-permission); Add stays disabled, and the input marked invalid, until the text parses.
 */
export function ConditionsSection({ node, edit }: NodeEditorProps<FlowNode>) {
  const { errorAt } = useNodeEditor();
  const [text, setText] = useState('');
  const error = conditionError(text);
  const indices = branchIndices(node.next);

  const add = () => {
    edit((draft) => {
      draft.next = addBranch(draft.type, draft.next, text);
    });
    setText('');
  };

  return (
    <Section title="Conditions">
      {indices.length === 0 && (
        <p className="ne-muted">No conditional branches: the flow always takes the default path.</p>
      )}
      <ol className="ne-list" aria-label="Conditional branches">
        {indices.map((slotIndex, n) => {
          const slot = node.next[slotIndex];
          const field = `next.${slotIndex}.condition.en`;
          return (
            <li key={slot.id} className="ne-row">
              <div className="ne-grow">
                <InputField
                  label={`Condition ${n + 1}`}
                  value={slot.condition?.en ?? ''}
                  error={errorAt(field)}
                  onChange={(value) =>
                    edit((draft) => {
                      draft.next[slotIndex].condition = { ...draft.next[slotIndex].condition, en: value };
                    })
                  }
                />
              </div>
              <ToolButton
                icon="trash"
                tone="danger"
                label={`Delete condition ${n + 1}`}
                onClick={() =>
                  edit((draft) => {
                    draft.next = removeBranch(draft.next, slotIndex);
                  })
                }
              />
            </li>
          );
        })}
      </ol>
      <InputField
        label="New condition"
        value={text}
        onChange={setText}
        placeholder="e.g. age >= 18 and country == 'FR'"
        error={error}
        hint={HINT}
        after={
          <Button
            size="sm"
            icon={undefined}
            disabled={error !== undefined || text.trim() === ''}
            onClick={add}
          >
            Add condition
          </Button>
        }
      />
    </Section>
  );
}
