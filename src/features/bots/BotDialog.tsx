import { useEffect, useMemo, useState } from 'react';
import { useSessionStore } from '../../api/session-store';
import {
  botFieldsFromData,
  createRequestFields,
  updateRequestFields,
  type BotDraft,
} from '../../core/bot/dialog-rules';
import { newBotFields, type Bot, type BotFields } from '../../core/bot/types';
import { Button, Modal } from '../../ui';
import { BotForm, DIALOG_TITLES } from './BotForm';
import { useBotsStore } from './bots-store';
import { ImportUpload } from './ImportUpload';
import { releaseArchive, resolveArchiveAvatar, writeBotZip, type ImportedBot } from './import-zip';

export type BotDialogRequest = { mode: 'add' } | { mode: 'update'; bot: Bot } | { mode: 'import' };

/**
 * Add, Update or Import a bot (spec 1 §2). Each submit closes the dialog only when the server
 * accepted it; failures are logged by the store and leave the dialog open with the edits (§8).
 */
export function BotDialog({ request, onClose }: { request: BotDialogRequest; onClose: () => void }) {
  const languages = useSessionStore((s) => s.languages);
  const presets = useSessionStore((s) => s.defaultAvatars);
  const pending = useBotsStore((s) => s.pending);
  const [imported, setImported] = useState<ImportedBot | null>(null);
  useEffect(
    () => () => {
      if (imported) releaseArchive(imported);
    },
    [imported],
  );

  // The bot as the store has it now (a save replaces it there), not as it was when the dialog opened.
  const requested = request.mode === 'update' ? request.bot : null;
  const current = useBotsStore((s) =>
    requested ? s.bots.find((bot) => bot.id === requested.id) : undefined,
  );
  const stored = current ?? requested;
  const original = useMemo<BotFields | null>(() => {
    if (stored) return botFieldsFromData({ ...stored });
    if (request.mode === 'add') return { ...newBotFields(), avatar: presets[0] ?? '' };
    return imported?.fields ?? null;
  }, [stored, request.mode, presets, imported]);

  if (!original) {
    return (
      <Modal
        title={DIALOG_TITLES.import}
        onClose={onClose}
        footer={
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        }
      >
        <ImportUpload onLoaded={setImported} />
      </Modal>
    );
  }

  const store = useBotsStore.getState();
  const submit = async (draft: BotDraft, avatarFile: File | null) => {
    let saved: Bot | null;
    if (stored) saved = await store.update(stored.id, updateRequestFields(original, draft), avatarFile);
    else if (imported) saved = await store.importZip(await writeBotZip(imported, draft, avatarFile));
    else saved = await store.create(createRequestFields(draft), avatarFile);
    if (saved) onClose();
  };

  return (
    <BotForm
      mode={request.mode}
      original={original}
      languages={languages}
      presets={presets}
      pending={pending}
      savedName={stored?.name}
      resolveAvatar={imported ? (url) => resolveArchiveAvatar(imported, url) : undefined}
      onSubmit={submit}
      onClose={onClose}
      onExport={stored ? () => store.exportBot(stored) : undefined}
      onDelete={stored ? async () => (await store.remove(stored.id)) && onClose() : undefined}
      botId={stored?.id}
    />
  );
}
