import { useMemo, useState } from 'react';
import { useSessionStore } from '../../api/session-store';
import type { BotLanguage } from '../../core/bot/types';
import type { FlowNode } from '../../core/flow';
import type { ValidationContext } from '../../core/validation';
import { useActiveBot } from '../bots';
import { deleteFileVariables, droppedFileVariables, NodeEditModal, type ContentScope } from '../node-editor';
import { MAIN_FLOW } from './flow-api';
import { useFlow, useFlowEditor } from './store/flow-context';
import type { FlowState } from './store/flow-store';

const selectNodes = (s: FlowState) => s.nodes;
const selectTemplates = (s: FlowState) => s.templates;
const selectProviders = (s: FlowState) => s.providers;
const selectPushTypes = (s: FlowState) => s.pushMessageTypes;
const selectBotId = (s: FlowState) => s.botId;
const selectFlowName = (s: FlowState) => s.flowName;

/** The bot's supported languages (as objects) and the code of its default one. */
function useBotLanguages(): { languages: BotLanguage[]; primary: string } {
  const bot = useActiveBot();
  const all = useSessionStore((s) => s.languages);
  return useMemo(() => {
    const languages = bot?.languages?.length
      ? bot.languages
      : (bot?.supported_languages ?? []).flatMap((id) => all.filter((l) => l.id === id));
    const primary = [...languages, ...all].find((l) => l.id === bot?.language)?.code ?? 'en';
    return { languages: languages.length ? languages : all.filter((l) => l.code === primary), primary };
  }, [bot, all]);
}

/**
 * Where the node-edit modal (src/features/node-editor) plugs into the board: opens it for one node
 * of the board's flow and, on Confirm, puts the edited node back as one `update` change: one
 * history entry, undone in one step. It lives on the board's side so that the node editor knows
 * nothing of the board's store and the two features do not import each other.
 */
export function NodeEditHost({ nodeId, onClose }: { nodeId: string; onClose: () => void }) {
  const editor = useFlowEditor();
  const nodes = useFlow(selectNodes);
  const templates = useFlow(selectTemplates);
  const providers = useFlow(selectProviders);
  const pushMessageTypes = useFlow(selectPushTypes);
  const botId = useFlow(selectBotId);
  const flowName = useFlow(selectFlowName);
  const { languages, primary } = useBotLanguages();
  // The node as it was when the modal opened: the modal edits its own copy of it.
  const [node] = useState(() => nodes.find((n) => n.id === nodeId) ?? null);
  const otherNodes = useMemo(() => nodes.filter((n) => n.id !== nodeId), [nodes, nodeId]);
  const templateNames = useMemo(() => templates.map((t) => t.name), [templates]);
  const validation: ValidationContext = useMemo(
    () => ({
      supportedLanguages: languages,
      defaultLanguageCode: primary,
      templateNames,
      providers,
      pushMessageTypes: pushMessageTypes.map((t) => t.code),
    }),
    [languages, primary, templateNames, providers, pushMessageTypes],
  );
  if (!node) return null;
  const scope: ContentScope | null =
    botId === null ? null : { botId, template: flowName === MAIN_FLOW ? null : flowName };

  /** Files no node holds any more are deleted on the server (spec 2 §7), not left on disk. */
  const letGo = (ids: string[]) => {
    if (!scope || !ids.length) return;
    deleteFileVariables(scope, ids).catch((error) => console.warn('Unable to delete the files.', error));
  };
  const confirm = (edited: FlowNode) => {
    if (JSON.stringify(edited) !== JSON.stringify(node)) editor.edit([{ type: 'update', node: edited }]);
    // A file variable removed (or turned into another type) takes its file with it.
    letGo(droppedFileVariables(node, edited, otherNodes));
    onClose();
  };
  // Cancel keeps the node as it was: files uploaded for new variables in the modal go.
  const cancel = (draft: FlowNode) => {
    letGo(droppedFileVariables(draft, node, otherNodes));
    onClose();
  };

  return (
    <NodeEditModal
      node={node}
      otherNodes={otherNodes}
      languages={languages}
      defaultLanguage={primary}
      validation={validation}
      scope={scope}
      templates={templateNames}
      providers={providers}
      pushMessageTypes={pushMessageTypes}
      onCancel={cancel}
      onConfirm={confirm}
    />
  );
}
