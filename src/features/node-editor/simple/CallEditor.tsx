import type { CallNode } from '../../../core/flow';
import { useNodeEditor, type NodeEditorProps } from '../editor-context';
import { InputField, LangTextField, NodeNameField, Section } from '../widgets/fields';
import { SearchableSelect } from '../widgets/SearchableSelect';

/** Spec 2 §2 Call node: the call setup — provider, caller name, subject, description, waiting message. */
export function CallEditor({ node, edit }: NodeEditorProps<CallNode>) {
  const { errorAt, providers } = useNodeEditor();
  return (
    <>
      <NodeNameField value={node.name} onChange={(name) => edit((d) => void (d.name = name))} />
      <Section title="Call setup">
        <SearchableSelect
          label="Provider"
          options={providers.map((p) => ({ value: String(p.id), label: p.name }))}
          value={node.providerId === null || node.providerId === undefined ? null : String(node.providerId)}
          error={errorAt('providerId')}
          hint={providers.length === 0 ? 'No call provider is set up for your account.' : undefined}
          onChange={(id) =>
            edit((d) => void (d.providerId = providers.find((p) => String(p.id) === id)?.id ?? id))
          }
        />
        <InputField
          label="Caller name"
          value={node.callerName}
          error={errorAt('callerName')}
          onChange={(name) => edit((d) => void (d.callerName = name))}
        />
        <LangTextField
          label="Call subject"
          field="subject"
          value={node.subject}
          onChange={(subject) => edit((d) => void (d.subject = subject))}
        />
        <LangTextField
          label="Call description"
          type="textarea"
          rows={3}
          field="description"
          value={node.description}
          onChange={(description) => edit((d) => void (d.description = description))}
        />
        <LangTextField
          label="Waiting message"
          type="textarea"
          rows={4}
          field="message"
          value={node.message}
          hint="Shown before the call begins."
          onChange={(message) => edit((d) => void (d.message = message))}
        />
      </Section>
    </>
  );
}
