import { useState } from 'react';
import type { WizardNode } from '../../../core/flow';
import { Button } from '../../../ui';
import { useNodeEditor, type NodeEditorProps } from '../editor-context';
import { dropMove, moveBy } from '../logic/move';
import { newWizardField, offsiteHelp, type WizardField } from '../logic/wizard-fields';
import { NodeNameField, NumberInput, Section, VariableNameField } from '../widgets/fields';
import { StepForm } from './StepForm';
import { StepList } from './StepList';

/**
 * Spec 2 §2 Wizard node: name, iterations, offsite and store name, and its steps — added through
 * Add step, edited, deleted, and reordered by buttons or drag and drop.
 */
export function WizardEditor({ node, edit }: NodeEditorProps<WizardNode>) {
  const { errorAt, language } = useNodeEditor();
  // null: closed; -1: a new step; otherwise the index of the step being edited.
  const [form, setForm] = useState<number | null>(null);
  const fields = node.wizard.fields;
  const setFields = (next: (fields: WizardField[]) => WizardField[]) =>
    edit((draft) => {
      draft.wizard.fields = next(draft.wizard.fields);
    });

  return (
    <>
      <NodeNameField
        value={node.name}
        onChange={(name) =>
          edit((draft) => {
            draft.name = name;
          })
        }
      />
      <div className="ne-grid-3">
        <NumberInput
          label="Iterations"
          min={1}
          step={1}
          value={node.wizard.iterations}
          error={errorAt('wizard.iterations')}
          onChange={(value) =>
            edit((draft) => {
              draft.wizard.iterations = value ?? 0;
            })
          }
        />
        <NumberInput
          label="Offsite"
          value={node.wizard.offsite}
          error={errorAt('wizard.offsite')}
          onChange={(value) =>
            edit((draft) => {
              draft.wizard.offsite = value ?? Number.NaN;
            })
          }
        />
        <VariableNameField
          label="Store name"
          value={node.store.name}
          error={errorAt('store.name')}
          onChange={(name) =>
            edit((draft) => {
              draft.store.name = name;
            })
          }
        />
      </div>
      <p className="field-hint">{offsiteHelp(node.wizard, node.store.name)}</p>
      <Section title="Steps">
        <StepList
          fields={fields}
          editing={form !== null && form >= 0 ? form : null}
          onEdit={setForm}
          onMove={(i, delta) => setFields((list) => moveBy(list, i, delta))}
          onDrop={(source, gap) => setFields((list) => dropMove(list, source, gap))}
          onDelete={(i) => setFields((list) => list.filter((_, k) => k !== i))}
          renderEditor={(i) => (
            <StepForm
              initial={fields[i]}
              submitLabel="Save question"
              onCancel={() => setForm(null)}
              onSubmit={(field) => {
                setFields((list) => list.map((old, k) => (k === i ? field : old)));
                setForm(null);
              }}
            />
          )}
        />
        {form === -1 ? (
          <StepForm
            initial={newWizardField(language)}
            submitLabel="Add question"
            onCancel={() => setForm(null)}
            onSubmit={(field) => {
              setFields((list) => [...list, field]);
              setForm(null);
            }}
          />
        ) : (
          <Button
            variant="outline"
            className="ne-self-start"
            disabled={form !== null}
            onClick={() => setForm(-1)}
          >
            Add step
          </Button>
        )}
        {fields.length === 0 && errorAt('wizard.fields') && (
          <p className="field-error">{errorAt('wizard.fields')}</p>
        )}
      </Section>
    </>
  );
}
