import { Switch } from '../../../ui';
import type { ApiNode } from '../../../core/flow';
import { useNodeEditor, type NodeEditorProps } from '../editor-context';
import { NumberInput, Section, VariableNameField } from '../widgets/fields';

/**
 * On API Response (spec 2 §3, §5): show the result, or store it under a name (then required);
 * the status code variable, and the retries with their delay.
 */
export function ResponseSettings({ node, edit }: NodeEditorProps<ApiNode>) {
  const { errorAt } = useNodeEditor();
  return (
    <Section title="On API Response">
      <Switch
        label="Show result"
        checked={node.showResult}
        onChange={(showResult) =>
          edit((draft) => {
            draft.showResult = showResult;
          })
        }
      />
      <div className="ne-grid-2">
        <VariableNameField
          label="Store response in"
          value={node.store.name}
          required={!node.showResult}
          error={errorAt('store.name')}
          hint={
            node.showResult ? 'Optional while the result is shown.' : 'Required when the result is not shown.'
          }
          onChange={(name) =>
            edit((draft) => {
              draft.store.name = name;
            })
          }
        />
        <VariableNameField
          label="Status code variable"
          value={node.store.statusCodeVariable}
          onChange={(name) =>
            edit((draft) => {
              draft.store.statusCodeVariable = name;
            })
          }
        />
        <NumberInput
          label="Retries"
          min={0}
          step={1}
          value={node.api.retries}
          onChange={(value) =>
            edit((draft) => {
              draft.api.retries = Math.max(0, Math.round(value ?? 0));
            })
          }
        />
        <NumberInput
          label="Retry delay (seconds)"
          min={0}
          step={0.5}
          value={node.api.retryDelay}
          onChange={(value) =>
            edit((draft) => {
              draft.api.retryDelay = Math.max(0, value ?? 0);
            })
          }
        />
      </div>
    </Section>
  );
}
