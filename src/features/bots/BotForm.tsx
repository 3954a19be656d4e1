import { useState } from 'react';
import type { BotDialogMode, BotDraft } from '../../core/bot/dialog-rules';
import type { BotFields, BotLanguage } from '../../core/bot/types';
import { Button, Modal } from '../../ui';
import { AdvancedTab } from './AdvancedTab';
import { BotTabs } from './BotTabs';
import { shownUnderInput, tabOf, TAB_TITLES, type BotTab } from './bot-tab-fields';
import { FeaturesTab } from './FeaturesTab';
import { GeneralTab } from './GeneralTab';
import { BotIcon } from './bot-icons';
import { useBotDraft } from './use-bot-draft';

export const DIALOG_TITLES: Record<BotDialogMode, string> = {
  add: 'Add bot',
  update: 'Update bot',
  import: 'Import bot',
};

export interface BotFormProps {
  mode: BotDialogMode;
  original: BotFields;
  languages: readonly BotLanguage[];
  presets: readonly string[];
  pending: boolean;
  /** Update mode: the bot's name as last saved, shown under the title. */
  savedName?: string;
  resolveAvatar?: (url: string) => string;
  onSubmit: (draft: BotDraft, avatarFile: File | null) => void;
  onClose: () => void;
  /** Update mode only. */
  onExport?: () => void;
  onDelete?: () => void;
  /** Update mode: the stored bot's id (the Advanced tab shows its channels). */
  botId?: number;
}

/** The dialog's tabs and footer over one draft (spec 1 §2 Bot dialog, §4). */
export function BotForm({
  mode,
  original,
  languages,
  presets,
  pending,
  savedName,
  resolveAvatar,
  botId,
  ...actions
}: BotFormProps) {
  const [tab, setTab] = useState<BotTab>('general');
  const state = useBotDraft(mode, original, presets);
  const { flags } = state;
  const { onExport, onDelete } = actions;
  const stored = onExport && onDelete ? { onExport, onDelete, busy: pending, botId } : undefined;
  const withProblems = new Set(state.problemFields.map(tabOf).filter((t) => t !== undefined));
  // Problems of the open tab show under their inputs; the footer names the first one found
  // elsewhere (another tab, or a field with no input of its own) and where it is.
  const elsewhere = state.problemFields.find((field) => !shownUnderInput(field, tab));
  const elsewhereTab = elsewhere && tabOf(elsewhere);
  const footerProblem =
    elsewhere &&
    `${state.problemOf(elsewhere)}${elsewhereTab && elsewhereTab !== tab ? ` (${TAB_TITLES[elsewhereTab]} tab)` : ''}`;

  const footer = (
    <>
      {footerProblem && (
        <p className="bot-problems" role="status">
          {footerProblem}
        </p>
      )}
      {/* Spec 1 §4: Cancel is disabled while there are changes (the close icon asks instead). */}
      <Button variant="ghost" disabled={!flags.canCancel} onClick={actions.onClose}>
        Cancel
      </Button>
      <Button variant="outline" disabled={!flags.canUndo} onClick={state.undo}>
        <BotIcon name="undo" />
        Undo changes
      </Button>
      <Button
        loading={pending}
        disabled={!flags.canSubmit}
        onClick={() => actions.onSubmit(state.draft, state.avatarFile)}
      >
        {mode === 'import' ? 'Import' : 'Save'}
      </Button>
    </>
  );

  return (
    <Modal
      title={DIALOG_TITLES[mode]}
      subtitle={savedName}
      onClose={actions.onClose}
      footer={footer}
      size="lg"
      unsaved={flags.changed}
    >
      <BotTabs tab={tab} onTab={setTab} withProblems={withProblems}>
        {tab === 'general' && (
          <GeneralTab state={state} languages={languages} presets={presets} resolveAvatar={resolveAvatar} />
        )}
        {tab === 'features' && <FeaturesTab state={state} />}
        {tab === 'advanced' && <AdvancedTab state={state} stored={stored} />}
      </BotTabs>
    </Modal>
  );
}
