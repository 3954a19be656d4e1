import { useEffect, useMemo, useRef, useState } from 'react';
import {
  botDialogFlags,
  botFieldProblems,
  botProblems,
  choosePresetAvatar,
  newDraft,
  originsFromText,
  originsToText,
  removeAvatar,
  uploadCustomAvatar,
  type BotDialogMode,
  type BotDraft,
} from '../../core/bot/dialog-rules';
import type { BotFields } from '../../core/bot/types';

/** The bot dialog's editing state: the draft against the original, with its flags (spec 1 §4). */
export function useBotDraft(mode: BotDialogMode, original: BotFields, presets: readonly string[]) {
  const [draft, setDraft] = useState<BotDraft>(() => newDraft(original));
  // The origins box keeps the text as typed (blank lines, trailing spaces); the list is derived.
  const [originsText, setOriginsText] = useState(() => originsToText(original.origins));
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const preview = useRef<string | null>(null);

  const dropPreview = () => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
  };
  useEffect(() => dropPreview, []);

  const flags = useMemo(() => botDialogFlags(mode, original, draft.fields), [mode, original, draft.fields]);
  const problems = useMemo(() => botProblems(draft.fields), [draft.fields]);
  const fieldProblems = useMemo(() => botFieldProblems(draft.fields), [draft.fields]);
  // Problems show once there is something to judge: an edit, or an archive being imported.
  const showProblems = (flags.changed || mode === 'import') && !flags.valid;

  const edit = (change: (fields: BotFields) => BotFields) =>
    setDraft((current) => ({ ...current, fields: change(current.fields) }));

  return {
    draft,
    fields: draft.fields,
    flags,
    problems,
    /** The shown problem of one field (under its input), if any. */
    problemOf: (field: keyof BotFields): string | undefined =>
      showProblems ? fieldProblems[field] : undefined,
    /** The fields with a shown problem, in the order the checks report them. */
    problemFields: showProblems ? (Object.keys(fieldProblems) as (keyof BotFields)[]) : [],
    originsText,
    avatarFile,
    edit,
    set: <K extends keyof BotFields>(key: K, value: BotFields[K]) =>
      edit((fields) => ({ ...fields, [key]: value })),
    setOrigins: (text: string) => {
      setOriginsText(text);
      edit((fields) => ({ ...fields, origins: originsFromText(text) }));
    },
    choosePreset: (url: string) => {
      dropPreview();
      setAvatarFile(null);
      setDraft((current) => choosePresetAvatar(current, original, url));
    },
    upload: (file: File) => {
      dropPreview();
      const url = URL.createObjectURL(file);
      preview.current = url;
      setAvatarFile(file);
      setDraft((current) => uploadCustomAvatar(current, url));
    },
    removeAvatar: () => {
      dropPreview();
      setAvatarFile(null);
      setDraft((current) => removeAvatar(current, original, presets));
    },
    undo: () => {
      dropPreview();
      setAvatarFile(null);
      setDraft(newDraft(original));
      setOriginsText(originsToText(original.origins));
    },
  };
}

export type BotDraftState = ReturnType<typeof useBotDraft>;
