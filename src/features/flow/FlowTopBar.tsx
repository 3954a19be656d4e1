import { Clock, ListChecks, Search } from 'lucide-react';
import { useState } from 'react';
import { useDrawerStore } from '../../ui/drawer-store';
import { useActiveBot } from '../bots';
import { AnalyticsControls } from './analytics/AnalyticsControls';
import { ProblemCount } from './problems/ProblemCount';
import { TemplateList } from './templates/TemplateList';
import { BotSelect } from './toolbar/BotSelect';
import { FlowIconButton } from './toolbar/flow-icons';
import { HelpModal } from './toolbar/HelpModal';

/**
 * The editor's top row: drawer toggle, bots dropdown, flow-template list, the flow's problem count
 * and the help modal.
 */
interface FlowTopBarProps {
  /** The issue 20 panels the top bar opens (search, lint, history). */
  panels: TopBarPanels;
}

export interface TopBarPanels {
  openSearch(): void;
  toggleLint(): void;
  lintOpen: boolean;
  toggleHistory(): void;
  historyOpen: boolean;
}

export function FlowTopBar({ panels }: FlowTopBarProps) {
  const toggleDrawer = useDrawerStore((s) => s.toggleOpen);
  const drawerOpen = useDrawerStore((s) => s.open);
  const bot = useActiveBot();
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <div className="flow-topbar">
      <FlowIconButton
        icon="panel"
        label="Toggle dashboard drawer"
        aria-pressed={drawerOpen}
        onClick={toggleDrawer}
      />
      <BotSelect />
      <TemplateList />
      <span className="flow-topbar-spacer" />
      <AnalyticsControls botId={bot?.id ?? null} />
      <ProblemCount />
      <button
        type="button"
        className="icon-btn"
        aria-label="Search the flow"
        title="Search the flow (Ctrl/Cmd+F)"
        onClick={panels.openSearch}
      >
        <Search size={18} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label="Lint"
        title="Lint: problems across the flow"
        aria-pressed={panels.lintOpen}
        onClick={panels.toggleLint}
      >
        <ListChecks size={18} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label="Version history"
        title="Version history"
        aria-pressed={panels.historyOpen}
        onClick={panels.toggleHistory}
      >
        <Clock size={18} aria-hidden="true" />
      </button>
      <FlowIconButton icon="help" label="Bot Info & Help" onClick={() => setHelpOpen(true)} />
      {helpOpen && <HelpModal bot={bot} onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
