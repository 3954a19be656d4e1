// The emulator panel's decisions, kept apart from React so they are unit-tested (spec 3 §2).
import type { BotFields } from '../../../core/bot/types';
import { botAvatarUrl } from '../../../core/widget/embed-snippet';
import { MAIN_FLOW } from '../flow-api';
import type { RunFlowDetail } from '../flow-events';

/** What the closed panel shows: the bot's avatar when the bot uses one, else a plain button. */
export function emulatorAvatar(
  bot: Pick<BotFields, 'is_avatar' | 'avatar' | 'customAvatar'> | null,
): string | null {
  return bot ? botAvatarUrl(bot) : null;
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
