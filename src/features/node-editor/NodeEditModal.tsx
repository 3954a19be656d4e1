import { useMemo, useState, type ComponentType } from 'react';
import type { BotLanguage } from '../../core/bot/types';
import {
  clearEditedMarks,
  machineTranslatedOf,
  nodeTypeLabel,
  type FlowNode,
  type NodeType,
} from '../../core/flow';
import type { ValidationContext } from '../../core/validation';
import { Button, Modal } from '../../ui';
import type { FlowProvider as Provider, PushMessageType } from '../../core/api/flow';
import { ConditionsSection } from './conditions/ConditionsSection';
import {
  NodeEditorContext,
  type ContentScope,
  type NodeEditorContextValue,
  type NodeEditorProps,
} from './editor-context';
import { EDITORS } from './editors';
import { LanguageSelect } from './LanguageSelect';
import { flowVariables } from './logic/flow-variables';
import { hasLanguageDropdown, modalTitle } from './logic/modal-meta';
import './node-editor.css';
import { useNodeDraft } from './use-node-draft';

export interface NodeEditModalProps {
  node: FlowNode;
  /** The other nodes of the flow (their variables feed the pickers). */
  otherNodes: readonly FlowNode[];
  languages: readonly BotLanguage[];
  defaultLanguage: string;
  validation: ValidationContext;
  scope: ContentScope | null;
  templates: readonly string[];
  providers: readonly Provider[];
  pushMessageTypes: readonly PushMessageType[];
  /** Closed without saving; `draft` is the node as edited (its new uploads are let go). */
  onCancel: (draft: FlowNode) => void;
  onConfirm: (node: FlowNode) => void;
}

/**
 * Spec 2 §2 node-edit modal: a title by type, the language dropdown for the types with texts,
 * the type's editor, the Conditions section (every type but choice), Cancel and Confirm. Confirm
 * is disabled while the node breaks a rule of spec 2 §5 or work (an upload, an image check) runs.
 */
export function NodeEditModal(props: NodeEditModalProps) {
  const { node, otherNodes, languages, defaultLanguage, validation, onCancel, onConfirm } = props;
  const state = useNodeDraft(node, validation);
  const [language, setLanguage] = useState(defaultLanguage);
  const { draft } = state;
  const variables = useMemo(() => flowVariables([...otherNodes, draft]), [otherNodes, draft]);
  // The draft as it would be saved: a machine-translated text the author edited is theirs now.
  const marked = useMemo(() => clearEditedMarks(node, draft), [node, draft]);
  const machineTexts = machineTranslatedOf(marked)[language]?.length ?? 0;

  const context: NodeEditorContextValue = {
    language,
    defaultLanguage,
    languages,
    validation,
    problems: state.problems,
    errorAt: state.errorAt,
    scope: props.scope,
    templates: props.templates,
    providers: props.providers,
    pushMessageTypes: props.pushMessageTypes,
    variableNames: variables.all,
    fileVariableNames: variables.files,
    busy: state.busy,
    setBusy: state.setBusy,
    setLocalProblem: state.setLocalProblem,
  };
  const Editor = EDITORS[draft.type] as ComponentType<NodeEditorProps<FlowNode>>;
  const problemCount = state.problems.length + state.localProblems.length;

  return (
    <NodeEditorContext.Provider value={context}>
      <Modal
        title={modalTitle(draft.type as NodeType)}
        size="lg"
        onClose={() => onCancel(draft)}
        dismissible={!state.changed}
        headerExtra={
          hasLanguageDropdown(draft.type) && languages.length > 0 ? (
            <>
              {machineTexts > 0 && <MachineTranslatedMark count={machineTexts} />}
              <LanguageSelect
                languages={languages}
                primary={defaultLanguage}
                value={language}
                onChange={setLanguage}
              />
            </>
          ) : undefined
        }
        footer={
          <>
            <p className="ne-footer-status" role="status">
              {state.busy
                ? 'Working…'
                : problemCount > 0
                  ? `${problemCount} ${problemCount === 1 ? 'thing needs' : 'things need'} attention before saving: ${firstProblem(state)}`
                  : ''}
            </p>
            <Button variant="outline" onClick={() => onCancel(draft)}>
              Cancel
            </Button>
            <Button disabled={!state.valid || state.busy} onClick={() => onConfirm(marked)}>
              Confirm
            </Button>
          </>
        }
      >
        <div className="ne-body">
          <p className="ne-caption">
            {nodeTypeLabel(node)} node{node.name ? ` · ${node.name}` : ''}
          </p>
          <Editor node={draft} edit={state.edit} />
          {draft.type !== 'choice' && <ConditionsSection node={draft} edit={state.edit} />}
        </div>
      </Modal>
    </NodeEditorContext.Provider>
  );
}

/** Says that some texts of the language shown were filled by machine translation at publish. */
function MachineTranslatedMark({ count }: { count: number }) {
  const texts = count === 1 ? '1 text' : `${count} texts`;
  return (
    <span
      className="ne-machine-mark"
      title={`${texts} in this language ${count === 1 ? 'was' : 'were'} machine-translated when the flow was published. Editing a text makes it yours and clears its mark.`}
    >
      Machine-translated
    </span>
  );
}

function firstProblem(state: ReturnType<typeof useNodeDraft>): string {
  return (state.problems[0] ?? state.localProblems[0])?.message ?? '';
}
