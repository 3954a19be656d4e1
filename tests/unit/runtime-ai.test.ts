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

  const withSources = { useNLPResources: true, NLPResources: { files: [7], links: [], videos: [3] } };

  it('adds the passages the retriever finds when the node uses knowledge, and cites them', async () => {
    const fakes = fakePorts({
      passages: [
        'Returns are free for 30 days.',
        {
          text: 'Refunds take a week.',
          source: { kind: 'link', id: 4, name: 'FAQ', url: 'https://shop.example/faq' },
        },
        { text: 'Keep the receipt.', source: { kind: 'file', id: 1, name: 'Handbook' } },
      ],
    });
    const replies = await conversation(aiFlow(withSources), fakes, session()).send('returns?');
    expect(fakes.retrievals[0].sources).toEqual(withSources.NLPResources);
    const system = fakes.chats[0].messages[0].content;
    expect(system).toContain('[1] (Handbook) Returns are free for 30 days.');
    expect(system).toContain('[2] (FAQ) Refunds take a week.');
    expect(system).toContain('[1] (Handbook) Keep the receipt.');
    expect(replies.find((r) => r.type === 'ai')).toMatchObject({
      citations: [
        { n: 1, kind: 'file', name: 'Handbook' },
        { n: 2, kind: 'link', name: 'FAQ', url: 'https://shop.example/faq' },
      ],
    });
  });

  it('never asks the retriever when the node selected no source', async () => {
    const fakes = fakePorts({ passages: ['Returns are free for 30 days.'] });
    await conversation(aiFlow({ useNLPResources: true }), fakes, session()).send('returns?');
    expect(fakes.retrievals).toHaveLength(0);
    expect(fakes.chats[0].messages[0].content).not.toContain('Returns');
  });

  it('says the no-answer text and keeps a knowledge gap when nothing relevant is found', async () => {
    const fakes = fakePorts({ passages: [], noAnswerText: 'I do not know that yet.' });
    const replies = await conversation(aiFlow(withSources), fakes, session()).send('Do you sell boots?');
    expect(contents(replies)).toEqual(['I do not know that yet.', 'done']);
    expect(fakes.chats).toHaveLength(0);
    expect(fakes.gaps).toEqual(['Do you sell boots?']);
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
