// A flow's delay on a chat channel (issue 16: "a delay node spaces out messages on channels as on
// the web"). The web's ReplyQueue waits a delay reply's seconds between messages; a channel cannot
// wait inside one API call, so a turn's replies are rendered in the segments between their delays,
// with a pause body between segments. The conversation drain sends the bodies in order and, at a
// pause, lets the conversation's sends wait (its job comes back when the pause is over) instead of
// holding a runner slot — other conversations go on meanwhile. On Telegram the guest sees
// "typing…" during the pause (sendChatAction, which Telegram shows for up to 5 s, so a longer
// pause repeats it).
import type { ChatReply } from '../widget/replies';

/** A wait between two of a turn's messages, as queued in the channel's outbox. */
export interface ChannelPause {
  pause: number;
}

export const TELEGRAM_TYPING_MS = 5_000;
/** The longest wait one delay makes on a channel (a flow's typo must not park a chat for hours). */
export const MAX_CHANNEL_PAUSE_MS = 5 * 60_000;

export function isPause(body: unknown): body is ChannelPause {
  return (
    typeof body === 'object' &&
    body !== null &&
    Object.keys(body).length === 1 &&
    typeof (body as ChannelPause).pause === 'number'
  );
}

export interface RenderedReplies {
  bodies: unknown[];
  followUp: string | null;
}

/**
 * Renders replies segment by segment between their delays, with `pause(ms)` between segments. A
 * delay before anything is said still waits; delays after the last message are dropped (nothing
 * would follow them, and Telegram would show "typing…" for nothing).
 */
export function renderWithDelays(
  replies: readonly ChatReply[],
  render: (segment: ChatReply[]) => RenderedReplies,
  pause: (ms: number) => unknown[],
): RenderedReplies {
  const bodies: unknown[] = [];
  let followUp: string | null = null;
  let segment: ChatReply[] = [];
  let waitMs = 0;
  const flush = () => {
    if (!segment.length) return;
    const rendered = render(segment);
    segment = [];
    if (!rendered.bodies.length && !rendered.followUp) return;
    if (waitMs > 0 && rendered.bodies.length) bodies.push(...pause(Math.min(waitMs, MAX_CHANNEL_PAUSE_MS)));
    waitMs = 0;
    bodies.push(...rendered.bodies);
    followUp = rendered.followUp ?? followUp;
  };
  for (const reply of replies) {
    if (reply.type === 'delay') {
      flush();
      waitMs += Math.max(0, Number(reply.seconds) || 0) * 1000;
    } else segment.push(reply);
  }
  flush();
  return { bodies, followUp };
}

/** WhatsApp's Cloud API has no typing indicator a bot can show on its own: only the wait. */
export function whatsAppPause(ms: number): ChannelPause[] {
  return [{ pause: ms }];
}

/** "typing…" then the wait, again every 5 s for a longer wait. */
export function telegramPause(chatId: number | string, ms: number): unknown[] {
  const bodies: unknown[] = [];
  for (let left = ms; left > 0; left -= TELEGRAM_TYPING_MS) {
    bodies.push({ method: 'sendChatAction', params: { chat_id: chatId, action: 'typing' } });
    bodies.push({ pause: Math.min(left, TELEGRAM_TYPING_MS) });
  }
  return bodies;
}
