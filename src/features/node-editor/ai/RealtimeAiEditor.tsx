import { Switch } from '../../../ui';
import type { RealtimeAiNode } from '../../../core/flow';
import type { NodeEditorProps } from '../editor-context';
import { LangTextField, NodeNameField } from '../widgets/fields';
import { KnowledgeSources } from './KnowledgeSources';

/** Spec 2 §2 Realtime AI node: prompt, whether the user speaks first, knowledge sources. */
export function RealtimeAiEditor({ node, edit }: NodeEditorProps<RealtimeAiNode>) {
  return (
    <>
      <NodeNameField value={node.name} onChange={(name) => edit((d) => void (d.name = name))} />
      <LangTextField
        label="Prompt"
        type="textarea"
        rows={4}
        field="prompt"
        value={node.prompt}
        onChange={(prompt) => edit((d) => void (d.prompt = prompt))}
      />
      <Switch
        label="Wait for the user to speak first"
        checked={node.waitForUserInteraction}
        onChange={(wait) => edit((d) => void (d.waitForUserInteraction = wait))}
      />
      <KnowledgeSources
        value={node}
        onChange={(next) =>
          edit((d) => {
            d.useNLPResources = next.useNLPResources;
            d.NLPResources = next.NLPResources;
            d.resources = next.resources;
          })
        }
      />
    </>
  );
}
