import { describe, expect, it } from 'vitest';
import type { AiNode } from '../../src/core/flow/index.js';
import { AI_FAILED, AI_NOT_CONFIGURED } from '../../server/runtime/nodes/ai.js';
import { newSession } from '../../server/runtime/session.js';
import { contents, conversation, fakePorts, flowOf, link, node, text } from './runtime-support.js';

function aiFlow(fields: Partial<AiNode> = {}) {
  const ai = link(
    node('ai', 'ai', {
      prompt: { en: 'Answer kindly about ${{topic}}.' },
      systemInstructions: { en: 'You are a shop assistant.' },
      useNLPResources: false,
      AIResponseVariable: 'answer',
      ...fields,
    }),
    'after',
  );
  return flowOf([ai, node('basic', 'after', { entries: [text('done')] })]);
}

function session() {
  const s = newSession('main', 'en');
  s.variables.topic = 'shoes';
  return s;
}

describe('ai node', () => {
  it('asks the model with the prompt and instructions, shows and stores the answer', async () => {
    const fakes = fakePorts({ answer: () => 'Shoes are great' });
    const chat = conversation(aiFlow(), fakes, session());
    const replies = await chat.send('Tell me');
    expect(replies).toMatchObject([{ type: 'ai', content: 'Shoes are great' }, { content: 'done' }]);
    expect(fakes.chats[0].messages).toEqual([
      { role: 'system', content: 'You are a shop assistant.' },
      { role: 'user', content: 'Answer kindly about shoes.' },
    ]);
    expect(chat.session.variables.answer).toBe('Shoes are great');
  });

  it('waits for the user query (showing its message), then sends it along', async () => {
    const fakes = fakePorts({ answer: (m) => `You asked: ${m.at(-1)?.content}` });
    const flow = aiFlow({ waitForUserQuery: true, showMessage: true, message: { en: 'Ask me anything' } });
    const chat = conversation(flow, fakes, session());
    expect(contents(await chat.send('hi'))).toEqual(['Ask me anything']);
    expect(chat.session.at?.wait).toEqual({ kind: 'ai-query' });
    expect(contents(await chat.send('Are boots waterproof?'))).toEqual([
      'You asked: Are boots waterproof?',
      'done',
    ]);
    expect(chat.session.aiQuery).toBe('Are boots waterproof?');
  });

  it('hides the answer when asked and parses a JSON answer', async () => {
    const fakes = fakePorts({ answer: () => '```json\n{"size": 42}\n```' });
    const chat = conversation(aiFlow({ hideAIResponse: true, expectJSONReply: true }), fakes, session());
    expect(contents(await chat.send('x'))).toEqual(['done']);
    expect(chat.session.variables.answer).toEqual({ size: 42 });
    expect(fakes.chats[0].json).toBe(true);
  });

  it('adds the passages the retriever finds when the node uses knowledge', async () => {
    const fakes = fakePorts({ passages: ['Returns are free for 30 days.'] });
    await conversation(aiFlow({ useNLPResources: true }), fakes, session()).send('returns?');
    expect(fakes.chats[0].messages[0].content).toContain('[1] Returns are free for 30 days.');
  });

  it('says AI is not configured and goes on when there is no endpoint', async () => {
    const fakes = fakePorts({ llmConfigured: false });
    expect(contents(await conversation(aiFlow(), fakes, session()).send('x'))).toEqual([
      AI_NOT_CONFIGURED,
      'done',
    ]);
    expect(fakes.chats).toHaveLength(0);
  });

  it('says so and goes on when the model fails', async () => {
    const fakes = fakePorts({
      answer: () => {
        throw new Error('500');
      },
    });
    expect(contents(await conversation(aiFlow(), fakes, session()).send('x'))).toEqual([AI_FAILED, 'done']);
  });
});
