import { useEffect, useState } from 'react';
import type { DynamicNode } from '../../../core/flow';
import { useNodeEditor, type NodeEditorProps } from '../editor-context';
import { DYNAMIC_KEYS, dynamicFieldsText, parseDynamicFields } from '../logic/dynamic-fields';
import { InputField, NodeNameField } from '../widgets/fields';

/** The dynamic node's fields (loader, attrName, attrValue, start, max, listener), edited as JSON. */
export function DynamicEditor({ node, edit }: NodeEditorProps<DynamicNode>) {
  const { setLocalProblem } = useNodeEditor();
  const [text, setText] = useState(() => dynamicFieldsText(node));
  const parsed = parseDynamicFields(text);
  const error = parsed.ok ? null : parsed.message;

  useEffect(() => {
    setLocalProblem('fields', error);
    return () => setLocalProblem('fields', null);
  }, [error, setLocalProblem]);

  const change = (next: string) => {
    setText(next);
    const result = parseDynamicFields(next);
    if (!result.ok) return;
    edit((d) => {
      for (const key of DYNAMIC_KEYS) d[key] = result.fields[key] ?? null;
    });
  };

  return (
    <>
      <NodeNameField value={node.name} onChange={(name) => edit((d) => void (d.name = name))} />
      <InputField
        label="Fields (JSON)"
        type="textarea"
        rows={10}
        value={text}
        error={error ?? undefined}
        onChange={change}
        hint={`Keys: ${DYNAMIC_KEYS.join(', ')}.`}
      />
    </>
  );
}
