import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../server/runtime/ports';
import { MAX_KEPT_MESSAGES, turnsAt, withExchange } from '../../server/routes/realtime/voice-history';
import { VOICE_RULES, voiceMessages } from '../../server/routes/realtime/voice-prompt';

// The server side of realtime AI turns: the messages sent to the LLM, and the turns kept.
describe('voiceMessages', () => {
  it('puts the prompt, the speaking rules, the language and the passages in the system message', () => {
    const messages = voiceMessages({
      instructions: ' You sell tea. ',
      language: 'fr',
      passages: ['Green tea is steeped at 80°C.', 'Black tea at 95°C.'],
      history: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
      ],
      said: 'How hot?',
    });
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[0].content).toBe(
      `You sell tea.\n\n${VOICE_RULES}\n\nThe conversation's language code is "fr".\n\n` +
        'Answer from these passages when they are relevant:\n\n[1] Green tea is steeped at 80°C.\n\n[2] Black tea at 95°C.',
    );
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'How hot?' });
  });

  it('leaves out an empty prompt and absent passages', () => {
    const [system] = voiceMessages({
      instructions: '  ',
      language: 'en',
      passages: [],
      history: [],
      said: 'Hi',
    });
    expect(system.content).toBe(`${VOICE_RULES}\n\nThe conversation's language code is "en".`);
  });
});

describe('kept voice turns', () => {
  const stored = (node: string, messages: ChatMessage[], updatedAt = 0) => ({ node, messages, updatedAt });

  it('keeps the turns of one node, the latest ones only', () => {
    let kept: ChatMessage[] = [];
    for (let i = 0; i < MAX_KEPT_MESSAGES; i++) {
      kept = withExchange(kept, [
        { role: 'user', content: `q${i}` },
        { role: 'assistant', content: `a${i}` },
      ]);
    }
    expect(kept).toHaveLength(MAX_KEPT_MESSAGES);
    expect(kept[0]).toEqual({ role: 'user', content: `q${MAX_KEPT_MESSAGES / 2}` });
    expect(kept.at(-1)).toEqual({ role: 'assistant', content: `a${MAX_KEPT_MESSAGES - 1}` });
    expect(turnsAt(stored('main/talk', kept), 'main/talk', 0)).toBe(kept);
    expect(turnsAt(stored('main/talk', kept), 'main/listen', 0)).toEqual([]);
    expect(turnsAt(null, 'main/talk', 0)).toEqual([]);
  });

  it('forgets a session left idle for half an hour', () => {
    const hi = stored('main/talk', [{ role: 'user', content: 'Hi' }]);
    expect(turnsAt(hi, 'main/talk', 29 * 60 * 1000)).toHaveLength(1);
    expect(turnsAt(hi, 'main/talk', 31 * 60 * 1000)).toEqual([]);
  });
});
