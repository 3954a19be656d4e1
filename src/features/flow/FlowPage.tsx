import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, IconButton, Spinner } from '../../ui';
import { useBotsStore } from '../bots';
import { AnalyticsPanel } from './analytics/AnalyticsPanel';
import { Board } from './board/Board';
import { withContentClone } from './duplicate/with-content-clone';
import { EmulatorPanel } from './emulator/EmulatorPanel';
import { emitRunFlow } from './flow-events';
import './flow.css';
import { FlowTopBar } from './FlowTopBar';
import { NodeEditHost } from './NodeEditHost';
import { ProblemsDialogHost } from './problems/ProblemsDialog';
import { createFlowEditor, type FlowEditor } from './store/flow-editor';
import { FlowEditorContext, useFlow, useFlowEditor } from './store/flow-context';
import { selectHasChanges, selectHasNodes, selectNotice, selectStatus } from './store/flow-store';
import { ActionBar } from './toolbar/ActionBar';
import { useShortcuts } from './toolbar/use-shortcuts';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';

/**
 * /flow (spec 2 §2): the flow editor of the active bot. Each visit gets its own editor (store and
 * engine worker), stopped when the page goes.
 */
export function FlowPage() {
  const [editor, setEditor] = useState<FlowEditor | null>(null);
  useEffect(() => {
    const created = withContentClone(createFlowEditor());
    setEditor(created);
    return () => created.stop();
  }, []);
  if (!editor) return null;
  return (
    <FlowEditorContext.Provider value={editor}>
      <FlowEditorView editor={editor} />
    </FlowEditorContext.Provider>
  );
}

function FlowEditorView({ editor }: { editor: FlowEditor }) {
  const botsLoading = useBotsStore((s) => s.loading);
  const hasBots = useBotsStore((s) => s.bots.length > 0);
  const loadBots = useBotsStore((s) => s.load);
  const activeBotId = useBotsStore((s) => s.activeBotId);
  const hasChanges = useFlow(selectHasChanges);
  const [editing, setEditing] = useState<string | null>(null);

  useEffect(() => {
    if (botsLoading) void loadBots();
  }, [botsLoading, loadBots]);
  useEffect(() => {
    if (activeBotId !== null && hasBots) void editor.openBot(activeBotId);
  }, [editor, activeBotId, hasBots]);

  useShortcuts(editor);
  useUnsavedChangesGuard(hasChanges);

  const onRunFlow = useCallback(() => {
    const { botId, flowName } = editor.store.getState();
    if (botId !== null) emitRunFlow({ botId, flowName });
  }, [editor]);

  return (
    <div className="flow-page">
      {/* The board is the page; the heading names it for screen readers and tests. */}
      <h1 className="visually-hidden">Flow</h1>
      <FlowTopBar />
      <ActionBar onEditNode={setEditing} onRunFlow={onRunFlow} />
      <div className="flow-stage">
        <Board onEditNode={setEditing} />
        <BoardStatus noBots={!botsLoading && !hasBots} />
        <AnalyticsPanel botId={activeBotId} />
        <EmulatorPanel />
      </div>
      {editing && <NodeEditHost nodeId={editing} onClose={() => setEditing(null)} />}
      <ProblemsDialogHost />
    </div>
  );
}

/** What lies over the board: loading, the server's messages, and the no-bot hint. */
function BoardStatus({ noBots }: { noBots: boolean }) {
  const editor = useFlowEditor();
  const status = useFlow(selectStatus);
  const notice = useFlow(selectNotice);
  const empty = !useFlow(selectHasNodes) && status === 'ready';
  return (
    <div className="flow-overlay">
      {status === 'loading' && <Spinner size={28} label="Loading the flow" />}
      {notice && (
        <div className="flow-notice">
          <Alert kind={notice.kind}>{notice.text}</Alert>
          <IconButton icon="close" label="Dismiss" size={16} onClick={editor.dismissNotice} />
        </div>
      )}
      {empty && <p className="flow-empty">This flow has no nodes yet. Add one from the Node menu.</p>}
      {noBots && (
        <p className="flow-empty">
          Create a bot first to build its flow. <Link to="/bots">Go to Bots</Link>
        </p>
      )}
    </div>
  );
}
