// What an imported archive asks for, checked before anything is written: the bot's fields, the
// theme edit, and which archive files the avatars come from.
import type { Kysely } from 'kysely';
import type { BotFields } from '../../../src/core/bot/types.js';
import { newBotFields } from '../../../src/core/bot/types.js';
import { checkThemePatch, themePatchSchema, type ThemePatch } from '../../../src/core/theme/index.js';
import type { Database } from '../../db/schema.js';
import { ArchiveError } from '../../bots/safe-zip.js';
import { resolveAvatarRef, type ImportedArchive } from '../../bots/zip.js';
import { isAvatarUpload } from '../../repos/uploads.js';
import { checkImportedFlows } from '../../repos/flows.js';
import { FlowInputError } from '../../repos/flow-nodes.js';
import { checkBotForSave } from './bot-input.js';
import { BOT_FIELD_NAMES } from './form-fields.js';

type AvatarRef = ReturnType<typeof resolveAvatarRef>;

export interface ImportPlan {
  bot: BotFields;
  theme: ThemePatch;
  avatars: { customAvatar: AvatarRef; botAvatar: AvatarRef; themeCustomAvatar: AvatarRef };
  /** The archive's flow sections, already checked; written with the bot. */
  flows: { flow?: unknown; flow_templates?: unknown };
}

/** Throws ArchiveError (with the field as key) when the archive's content cannot become a bot. */
export async function planImport(db: Kysely<Database>, archive: ImportedArchive): Promise<ImportPlan> {
  const botData = archive.botData as Record<string, unknown>;
  const fields: Record<string, unknown> = { ...newBotFields() };
  // Only bot fields: ids, owners and unknown keys are dropped.
  for (const name of BOT_FIELD_NAMES) if (botData[name] !== undefined) fields[name] = botData[name];
  // Our uploads are never named by a file: the path could be another customer's image.
  if (isAvatarUpload(fields.avatar as string)) fields.avatar = '';
  const checked = await checkBotForSave(db, { ...fields, customAvatar: null });
  if (!checked.ok) throw new ArchiveError(checked.message, checked.key);

  const themeRaw = archive.theme ?? {};
  const themeCheck = checkThemePatch(themeRaw);
  if (!themeCheck.valid) throw new ArchiveError(themeCheck.errors[0].message, 'theme');
  const theme = themePatchSchema.parse(themeRaw);

  const flows = { flow: archive.document.flow, flow_templates: archive.document.flow_templates };
  try {
    checkImportedFlows(flows);
  } catch (error) {
    if (error instanceof FlowInputError) throw new ArchiveError(error.message, 'flow');
    throw error;
  }

  const customAvatar = resolveAvatarRef(botData.customAvatar, archive.avatars);
  return {
    bot: checked.value,
    theme,
    flows,
    avatars: {
      // A bot's custom avatar is an uploaded file, never an outside address.
      customAvatar: customAvatar && 'file' in customAvatar ? customAvatar : null,
      botAvatar: resolveAvatarRef(theme.body?.botAvatar, archive.avatars),
      themeCustomAvatar: resolveAvatarRef(theme.body?.customAvatar, archive.avatars),
    },
  };
}
