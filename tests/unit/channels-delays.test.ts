// A flow's delays on the channels (src/core/channels/delays.ts): replies rendered between their
// delays with pauses between, Telegram's "typing…" repeated every 5 s, trailing delays dropped.
import { describe, expect, it } from 'vitest';
import {
  isPause,
  MAX_CHANNEL_PAUSE_MS,
  renderTelegram,
  renderWithDelays,
  telegramPause,
  whatsAppPause,
} from '../../src/core/channels/index';
import type { ChatReply } from '../../src/core/widget/replies';

const say = (content: string): ChatReply => ({ type: 'text', content });
const delay = (seconds: number): ChatReply => ({ type: 'delay', content: '', seconds }) as ChatReply;
const texts = (segment: ChatReply[]) => ({
  bodies: segment.flatMap((r) => (r.type === 'text' ? [r.content] : [])),
  followUp: null,
});

describe('renderWithDelays', () => {
  it('puts a pause between the messages a delay separates', () => {
    const out = renderWithDelays([say('a'), delay(2), say('b')], texts, whatsAppPause);
    expect(out.bodies).toEqual(['a', { pause: 2000 }, 'b']);
  });

  it('adds up delays in a row, keeps a leading one and drops a trailing one', () => {
    const out = renderWithDelays(
      [delay(1), say('a'), delay(1), delay(0.5), say('b'), delay(9)],
      texts,
      whatsAppPause,
    );
    expect(out.bodies).toEqual([{ pause: 1000 }, 'a', { pause: 1500 }, 'b']);
  });

  it('carries a delay over replies that show nothing on the channel, and caps it', () => {
    const input: ChatReply = { type: 'input', content: '', input: 'file' };
    const out = renderWithDelays([say('a'), delay(3600), input, say('b')], texts, whatsAppPause);
    expect(out.bodies).toEqual(['a', { pause: MAX_CHANNEL_PAUSE_MS }, 'b']);
  });

  it('keeps a choice with the text it follows when no delay parts them', () => {
    const replies: ChatReply[] = [
      say('Hi'),
      delay(1),
      { type: 'choices-message', content: 'Tea?' },
      { type: 'choices', content: [{ id: 1, label: 'Yes' }] },
    ];
    const out = renderWithDelays(
      replies,
      (segment) => ({ bodies: renderTelegram(segment, 5, 'https://x.org').calls, followUp: null }),
      (ms) => telegramPause(5, ms),
    );
    expect(out.bodies.map((b) => (isPause(b) ? 'pause' : (b as { method: string }).method))).toEqual([
      'sendMessage',
      'sendChatAction',
      'pause',
      'sendMessage',
    ]);
    expect((out.bodies[3] as { params: { text: string } }).params.text).toBe('Tea?');
  });
});

describe('telegramPause', () => {
  it('shows "typing…" again every 5 s of a longer wait', () => {
    const typing = { method: 'sendChatAction', params: { chat_id: 7, action: 'typing' } };
    expect(telegramPause(7, 12_000)).toEqual([
      typing,
      { pause: 5000 },
      typing,
      { pause: 5000 },
      typing,
      { pause: 2000 },
    ]);
  });

  it('tells a pause from an API message', () => {
    expect(isPause({ pause: 10 })).toBe(true);
    expect(isPause({ method: 'sendMessage', params: {} })).toBe(false);
    expect(isPause({ pause: 10, to: 'x' })).toBe(false);
  });
});
