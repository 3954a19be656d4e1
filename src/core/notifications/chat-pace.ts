// A notification to a Telegram chat is one turn: usually one message, sometimes several (a
// template with a few texts, a picture and its caption). Telegram lets a chat take a short burst,
// then about one message a second (src/core/channels/pace.ts); the token's pace (30 a second) is
// far quicker, so a turn of many messages has to slow down for its chat as well.
import type { PaceRule } from '../channels/pace';

/**
 * When each of a turn's `count` messages to one chat may go, in ms after the first: the chat's
 * burst at once, then one per interval (the rule kept from a full budget: a chat a notification
 * reaches has mostly been quiet).
 */
export function chatOffsets(count: number, rule: PaceRule): number[] {
  const interval = Math.max(0, rule.intervalMs);
  const burst = Math.max(1, rule.burst);
  return Array.from({ length: Math.max(0, count) }, (_, i) => Math.max(0, i - (burst - 1)) * interval);
}
