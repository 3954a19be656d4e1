import { Switch } from '../../../ui';
import type { AiNode } from '../../../core/flow';
import { useNodeEditor, type NodeEditorProps } from '../editor-context';
import { LangTextField, NodeNameField, Section, VariableNameField } from '../widgets/fields';
import { KnowledgeSources } from './KnowledgeSources';

/**
 * Spec 2 §2 Ai node: prompt (4 rows), user query handling, knowledge sources, hide response,
 * the variable storing the response, and JSON replies. Show user message is reachable only while
 * the node waits for the user's query (spec 2 §4).
 */
export function AiEditor({ node, edit }: NodeEditorProps<AiNode>) {
  const { errorAt } = useNodeEditor();
  return (
    <>
      <NodeNameField value={node.name} onChange={(name) => edit((d) => void (d.name = name))} />
      <LangTextField
        label="AI prompt"
        type="textarea"
        rows={4}
        field="prompt"
        value={node.prompt}
        onChange={(prompt) => edit((d) => void (d.prompt = prompt))}
      />
      <Section title="User query handling">
        <Switch
          label="Wait for user query"
          checked={node.waitForUserQuery}
          onChange={(wait) =>
            edit((d) => {
              d.waitForUserQuery = wait;
              if (!wait) d.showMessage = false;
            })
          }
        />
        {node.waitForUserQuery && (
          <Switch
            label="Show user message"
            checked={node.showMessage}
            onChange={(show) => edit((d) => void (d.showMessage = show))}
          />
        )}
        {node.waitForUserQuery && node.showMessage && (
          <LangTextField
            label="Ask user for query text"
            type="textarea"
            rows={2}
            field="message"
            value={node.message}
            placeholder="What would you like to know?"
            onChange={(message) => edit((d) => void (d.message = message))}
          />
        )}
      </Section>
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
      <Section title="Response">
        <Switch
          label="Hide AI response"
          checked={node.hideAIResponse}
          onChange={(hide) => edit((d) => void (d.hideAIResponse = hide))}
        />
        <VariableNameField
          label="Storing response variable name"
          value={node.AIResponseVariable}
          error={errorAt('AIResponseVariable')}
          onChange={(name) => edit((d) => void (d.AIResponseVariable = name))}
        />
        <Switch
          label="Expect JSON response"
          checked={node.expectJSONReply}
          onChange={(on) => edit((d) => void (d.expectJSONReply = on))}
        />
      </Section>
    </>
  );
}
