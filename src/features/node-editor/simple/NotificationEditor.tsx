import type { NotificationNode } from '../../../core/flow';
import { nextStartPreview } from '../../../core/validation';
import { useNodeEditor, type NodeEditorProps } from '../editor-context';
import { InputField, LangTextField, NodeNameField, NumberInput, Section } from '../widgets/fields';
import { SearchableSelect } from '../widgets/SearchableSelect';

/** Read-only: a push type's data source is the operator's setting (PUSH_MESSAGE_SOURCES). */
function sourceHint(source: string | null): string {
  return source
    ? `Data source: ${source} (its fields fill the template's placeholders)`
    : "No data source: placeholders are filled from the guest's variables.";
}

/**
 * Spec 2 §2 Notification node: push message type, template per language, start time and repeat
 * interval (hours), with a preview of the next starts (spec 2 §9).
 */
export function NotificationEditor({ node, edit }: NodeEditorProps<NotificationNode>) {
  const { errorAt, pushMessageTypes } = useNodeEditor();
  const preview = nextStartPreview(node.startAt, node.frequency, new Date());
  const chosen = pushMessageTypes.find((type) => type.code === node.pushMessageType);
  return (
    <>
      <NodeNameField value={node.name} onChange={(name) => edit((d) => void (d.name = name))} />
      <SearchableSelect
        label="Push message type"
        options={pushMessageTypes.map((type) => ({ value: type.code, label: type.label }))}
        value={node.pushMessageType || null}
        error={errorAt('pushMessageType')}
        hint={chosen ? sourceHint(chosen.source) : undefined}
        onChange={(code) => edit((d) => void (d.pushMessageType = code))}
      />
      <LangTextField
        label="Template"
        type="textarea"
        rows={3}
        field="template"
        value={node.template}
        placeholder="Good morning! Here is your daily weather update for ${{city}}."
        hint="Placeholders such as ${{name}} are filled for each guest."
        onChange={(template) => edit((d) => void (d.template = template))}
      />
      <div className="ne-grid-2">
        <InputField
          label="Start time"
          type="time"
          value={node.startAt}
          error={errorAt('startAt')}
          onChange={(startAt) => edit((d) => void (d.startAt = startAt))}
        />
        <NumberInput
          label="Repeat interval (hours)"
          min={1}
          step={1}
          value={node.frequency}
          error={errorAt('frequency')}
          onChange={(frequency) => edit((d) => void (d.frequency = frequency ?? 0))}
        />
      </div>
      <Section title="Next start">
        {preview.ok ? (
          <ul className="ne-preview-list" aria-label="Next starts">
            {preview.starts.map((start, i) => (
              <li key={i}>{start}</li>
            ))}
          </ul>
        ) : (
          <p className="ne-muted" role="status">
            {preview.message}
          </p>
        )}
      </Section>
    </>
  );
}
