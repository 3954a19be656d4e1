import { useState } from 'react';
import type { BotDialogMode, BotDraft } from '../../core/bot/dialog-rules';
import type { BotFields, BotLanguage } from '../../core/bot/types';
import { Button, Modal } from '../../ui';
import { AdvancedTab } from './AdvancedTab';
import { BotTabs, type BotTab } from './BotTabs';
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
  resolveAvatar?: (url: string) => string;
  onSubmit: (draft: BotDraft, avatarFile: File | null) => void;
  onClose: () => void;
  /** Update mode only. */
  onExport?: () => void;
  onDelete?: () => void;
}

/** The dialog's tabs and footer over one draft (spec 1 §2 Bot dialog, §4). */
export function BotForm({
  mode,
  original,
  languages,
  presets,
  pending,
  resolveAvatar,
  ...actions
}: BotFormProps) {
  const [tab, setTab] = useState<BotTab>('general');
  const state = useBotDraft(mode, original, presets);
  const { flags } = state;
  const { onExport, onDelete } = actions;
  const stored = onExport && onDelete ? { onExport, onDelete, busy: pending } : undefined;
  // While there are changes the dialog only closes through Undo changes then Cancel, or Save.
  const close = () => flags.canCancel && actions.onClose();

  const footer = (
    <>
      {(flags.changed || mode === 'import') && !flags.valid && (
        <p className="bot-problems" role="status">
          {state.problems[0]}
        </p>
      )}
      <Button variant="ghost" disabled={!flags.canCancel} onClick={close}>
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
      onClose={close}
      footer={footer}
      size="lg"
      dismissible={flags.canCancel}
    >
      <BotTabs tab={tab} onTab={setTab}>
        {tab === 'general' && (
          <GeneralTab state={state} languages={languages} presets={presets} resolveAvatar={resolveAvatar} />
        )}
        {tab === 'features' && <FeaturesTab state={state} />}
        {tab === 'advanced' && <AdvancedTab state={state} stored={stored} />}
      </BotTabs>
    </Modal>
  );
}
