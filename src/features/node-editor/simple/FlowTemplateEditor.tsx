import type { FlowTemplateNode } from '../../../core/flow';
import { useNodeEditor, type NodeEditorProps } from '../editor-context';
import { InputField } from '../widgets/fields';
import { SearchableSelect } from '../widgets/SearchableSelect';

/** The flow-template node's template picker (spec 2 §2, §5: a template of this bot). */
export function FlowTemplateEditor({ node, edit }: NodeEditorProps<FlowTemplateNode>) {
  const { errorAt, templates } = useNodeEditor();
  return (
    <>
      <SearchableSelect
        label="Flow template"
        options={templates.map((name) => ({ value: name, label: name }))}
        value={node.templateName || null}
        error={errorAt('templateName')}
        hint={templates.length === 0 ? 'Add a flow template from the template list first.' : undefined}
        onChange={(templateName) => edit((d) => void (d.templateName = templateName))}
      />
      <InputField
        label="Node name"
        value={node.name}
        hint="Optional: the board shows the template's name."
        onChange={(name) => edit((d) => void (d.name = name))}
      />
    </>
  );
}
