import { describe, expect, it } from 'vitest';
import {
  REALTIME_TEXTS,
  RealtimeConversation,
  type RealtimeAnswer,
  type RealtimeEnd,
  type RealtimePorts,
} from '../../src/core/widget/realtime-conversation';

// A realtime AI voice session in the widget, with scripted ports: who speaks when, what is shown,
// and how it ends.
interface Script {
  start?: RealtimeAnswer;
  turns?: RealtimeAnswer[];
  /** What each utterance was heard as (null: nothing said; 'throw': no microphone). */
  heard: (string | null | 'throw')[];
  hide?: boolean;
}

function session(script: Script) {
  const log: string[] = [];
  const ends: RealtimeEnd[] = [];
  const heard = [...script.heard];
  const turns = [...(script.turns ?? [])];
  let conversation: RealtimeConversation<string> | null = null;
  const ports: RealtimePorts<string> = {
    start: async () => script.start ?? { kind: 'ok', reply: null },
    ready: async () => void log.push('ready'),
    async listen() {
      const next = heard.shift();
      // Out of script: the guest presses End while the chat listens.
      if (next === undefined) {
        conversation?.end();
        return null;
      }
      if (next === 'throw') throw new Error('NotAllowedError');
      return next === null ? null : `audio:${next}`;
    },
    transcribe: async (recording) => recording.slice('audio:'.length),
    turn: async (text) => {
      log.push(`turn ${text}`);
      return turns.shift() ?? { kind: 'ok', reply: `Answer to ${text}` };
    },
    speak: async (text) => void log.push(`speak ${text}`),
  };
  conversation = new RealtimeConversation(
    ports,
    {
      state: (state) => log.push(`state ${state}`),
      line: (line) => log.push(`${line.from}: ${line.text}`),
      notice: (text) => log.push(`notice ${text}`),
      ended: (end) => ends.push(end),
    },
    { hideAIResponse: script.hide ?? false },
  );
  return { conversation, log, ends };
}

describe('RealtimeConversation', () => {
  it('lets the AI open, then answers each thing the guest says until End', async () => {
    const { conversation, log, ends } = session({ start: { kind: 'ok', reply: 'Hi!' }, heard: ['Tea?'] });
    await conversation.run();
    expect(log).toEqual([
      'state starting',
      'ready',
      'ai: Hi!',
      'state speaking',
      'speak Hi!',
      'state listening',
      'state thinking',
      'notice null',
      'guest: Tea?',
      'turn Tea?',
      'ai: Answer to Tea?',
      'state speaking',
      'speak Answer to Tea?',
      'state listening',
      'state ended',
    ]);
    expect(ends).toEqual([{ by: 'guest' }]);
    expect(conversation.ended).toBe(true);
  });

  it('waits for the guest to speak first, and never sends silence or empty words', async () => {
    const { conversation, log } = session({ heard: [null, '   ', 'Hello'] });
    await conversation.run();
    expect(log.filter((l) => /^(speak|turn|notice)/.test(l))).toEqual([
      `notice ${REALTIME_TEXTS.notHeard}`,
      'notice null',
      'turn Hello',
      'speak Answer to Hello',
    ]);
  });

  it('speaks but does not show the answers when the node hides them', async () => {
    const { conversation, log } = session({
      start: { kind: 'ok', reply: 'Hi!' },
      heard: ['Tea?'],
      hide: true,
    });
    await conversation.run();
    expect(log.filter((l) => l.startsWith('ai:'))).toEqual([]);
    expect(log.filter((l) => l.startsWith('speak'))).toEqual(['speak Hi!', 'speak Answer to Tea?']);
  });

  it('ends at once, saying why, when realtime AI is not configured', async () => {
    const { conversation, log, ends } = session({ start: { kind: 'not-configured' }, heard: ['Tea?'] });
    await conversation.run();
    expect(ends).toEqual([{ by: 'problem', message: REALTIME_TEXTS.notConfigured }]);
    expect(log).toEqual(['state starting', 'state ended']);
  });

  it('ends, saying why, when there is no microphone', async () => {
    const { conversation, ends } = session({ heard: ['throw'] });
    await conversation.run();
    expect(ends).toEqual([{ by: 'problem', message: REALTIME_TEXTS.noMicrophone }]);
  });

  it('tells the guest when an answer failed and keeps listening', async () => {
    const { conversation, log } = session({
      heard: ['One', 'Two'],
      turns: [{ kind: 'failed', message: 'The AI is busy' }],
    });
    await conversation.run();
    expect(log.filter((l) => /^(speak|turn|notice)/.test(l))).toEqual([
      'notice null',
      'turn One',
      'notice The AI is busy',
      'notice null',
      'turn Two',
      'speak Answer to Two',
    ]);
  });

  it('ends once, however often End is pressed, and ignores answers arriving after it', async () => {
    const { conversation, log, ends } = session({ heard: ['Tea?'] });
    const running = conversation.run();
    conversation.end();
    conversation.end();
    await running;
    expect(ends).toEqual([{ by: 'guest' }]);
    expect(log.some((l) => l.startsWith('turn') || l.startsWith('speak'))).toBe(false);
  });
});
