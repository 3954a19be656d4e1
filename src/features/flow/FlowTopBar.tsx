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
export function FlowTopBar() {
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
      <FlowIconButton icon="help" label="Bot Info & Help" onClick={() => setHelpOpen(true)} />
      {helpOpen && <HelpModal bot={bot} onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
