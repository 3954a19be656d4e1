// The emulator panel's decisions, kept apart from React so they are unit-tested (spec 3 §2).
import type { BotFields } from '../../../core/bot/types';
import type { ThemeBody, ThemeHeader } from '../../../core/theme/types';
import { MAIN_FLOW } from '../flow-api';
import type { RunFlowDetail } from '../flow-events';

type AvatarTheme = {
  header: Pick<ThemeHeader, 'isAvatar'>;
  body: Pick<ThemeBody, 'botAvatar' | 'customAvatar'>;
};

/**
 * What the closed panel shows (spec 3 §2): the bot's avatar when its theme's "show avatar on
 * close" (isAvatar) is on and the bot has one — the theme's own avatar first, as the chat header
 * shows it, then the bot's uploaded one, then its preset — else null for a plain button. Until the
 * theme is loaded (null) it is the plain button.
 */
export function emulatorAvatar(
  bot: Pick<BotFields, 'avatar' | 'customAvatar'> | null,
  theme: AvatarTheme | null,
): string | null {
  if (!bot || !theme || !theme.header.isAvatar) return null;
  const url = [theme.body.customAvatar, theme.body.botAvatar, bot.customAvatar, bot.avatar]
    .map((candidate) => (candidate ?? '').trim())
    .find((candidate) => candidate !== '');
  return url ?? null;
}

/** The template the chat runs (target_template): none for the main flow. */
export function emulatorTemplate(flowName: string): string | undefined {
  return flowName === MAIN_FLOW || flowName === '' ? undefined : flowName;
}

/**
 * Whether a Run flow event is for the bot the emulator shows. An event for another bot (a board
 * that has since switched bots) is ignored rather than running a flow nobody is looking at.
 */
export function runsActiveBot(detail: unknown, activeBotId: number | null): detail is RunFlowDetail {
  if (!detail || typeof detail !== 'object') return false;
  const { botId, flowName } = detail as Partial<RunFlowDetail>;
  return typeof botId === 'number' && botId === activeBotId && typeof flowName === 'string';
}
