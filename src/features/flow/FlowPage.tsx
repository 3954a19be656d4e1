import { useCallback, useEffect, useMemo, useState } from 'react';
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
import { createFlowEditor } from './store/flow-editor';
import { withEditorTools, type ToolEditor } from './editor-tools';
import { DraftOffer } from './history/DraftOffer';
import { HistoryPanel } from './history/HistoryPanel';
import { VersionBar } from './history/VersionBar';
import { LintPanel } from './lint/LintPanel';
import { PublishBanner } from './presence/PublishBanner';
import { SearchPanel } from './search/SearchPanel';
import { ToolEditorContext } from './tools-context';
import { SelectionToolbar } from './toolbar/SelectionToolbar';
import { ShortcutsSheet } from './toolbar/ShortcutsSheet';
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
  const [editor, setEditor] = useState<ToolEditor | null>(null);
  useEffect(() => {
    const created = withEditorTools(withContentClone(createFlowEditor()));
    setEditor(created);
    return () => created.stop();
  }, []);
  if (!editor) return null;
  return (
    <FlowEditorContext.Provider value={editor}>
      <ToolEditorContext.Provider value={editor}>
        <FlowEditorView editor={editor} />
      </ToolEditorContext.Provider>
    </FlowEditorContext.Provider>
  );
}

function FlowEditorView({ editor }: { editor: ToolEditor }) {
  const botsLoading = useBotsStore((s) => s.loading);
  const hasBots = useBotsStore((s) => s.bots.length > 0);
  const loadBots = useBotsStore((s) => s.load);
  const activeBotId = useBotsStore((s) => s.activeBotId);
  const hasChanges = useFlow(selectHasChanges);
  const [editing, setEditing] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [linting, setLinting] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const panels = useMemo(
    () => ({
      openSearch: () => {
        setSearching(true);
        // Already open: Ctrl/Cmd+F again puts the cursor back in the box.
        document.querySelector<HTMLInputElement>('.flow-search-input')?.focus();
      },
      openShortcuts: () => setSheetOpen(true),
    }),
    [],
  );
  const topBarPanels = {
    openSearch: panels.openSearch,
    toggleLint: () => {
      setLinting((open) => !open);
      setHistoryOpen(false);
    },
    lintOpen: linting,
    toggleHistory: () => {
      setHistoryOpen((open) => !open);
      setLinting(false);
    },
    historyOpen,
  };

  useEffect(() => {
    if (botsLoading) void loadBots();
  }, [botsLoading, loadBots]);
  useEffect(() => {
    if (activeBotId !== null && hasBots) void editor.openBot(activeBotId);
  }, [editor, activeBotId, hasBots]);

  useShortcuts(editor, panels);
  useUnsavedChangesGuard(hasChanges);

  const onRunFlow = useCallback(() => {
    const { botId, flowName } = editor.store.getState();
    if (botId !== null) emitRunFlow({ botId, flowName });
  }, [editor]);

  return (
    <div className="flow-page">
      {/* The board is the page; the heading names it for screen readers and tests. */}
      <h1 className="visually-hidden">Flow</h1>
      <FlowTopBar panels={topBarPanels} />
      <ActionBar onEditNode={setEditing} onRunFlow={onRunFlow} />
      <div className="flow-stage">
        <Board onEditNode={setEditing} />
        <SelectionToolbar />
        {searching && <SearchPanel onClose={() => setSearching(false)} />}
        {linting && !historyOpen && <LintPanel onClose={() => setLinting(false)} />}
        {historyOpen && <HistoryPanel onClose={() => setHistoryOpen(false)} />}
        <VersionBar />
        <PublishBanner />
        <DraftOffer />
        <BoardStatus noBots={!botsLoading && !hasBots} />
        <AnalyticsPanel botId={activeBotId} />
        <EmulatorPanel />
      </div>
      {editing && <NodeEditHost nodeId={editing} onClose={() => setEditing(null)} />}
      <ProblemsDialogHost />
      {sheetOpen && <ShortcutsSheet onClose={() => setSheetOpen(false)} />}
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
