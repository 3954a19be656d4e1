import { describe, expect, it } from 'vitest';
import { MAX_KEPT_MESSAGES, VoiceHistories } from '../../server/routes/realtime/voice-history';
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

describe('VoiceHistories', () => {
  it('keeps the turns of one node, the latest ones only', () => {
    const histories = new VoiceHistories(() => 0);
    for (let i = 0; i < MAX_KEPT_MESSAGES; i++) {
      histories.append(
        'g1',
        'main/talk',
        { role: 'user', content: `q${i}` },
        { role: 'assistant', content: `a${i}` },
      );
    }
    const kept = histories.read('g1', 'main/talk');
    expect(kept).toHaveLength(MAX_KEPT_MESSAGES);
    expect(kept.at(-1)).toEqual({ role: 'assistant', content: `a${MAX_KEPT_MESSAGES - 1}` });
    expect(histories.read('g1', 'main/listen')).toEqual([]);
    expect(histories.read('g2', 'main/talk')).toEqual([]);
    histories.reset('g1');
    expect(histories.read('g1', 'main/talk')).toEqual([]);
  });

  it('forgets a session left idle for half an hour', () => {
    let now = 0;
    const histories = new VoiceHistories(() => now);
    histories.append('g1', 'main/talk', { role: 'user', content: 'Hi' });
    now = 29 * 60 * 1000;
    expect(histories.read('g1', 'main/talk')).toHaveLength(1);
    now = 31 * 60 * 1000;
    expect(histories.read('g1', 'main/talk')).toEqual([]);
  });
});
