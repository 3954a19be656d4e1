// Grounded answers (issue 17 item 5): an AI node with selected sources sends their passages to
// the (fake) model with numbered sources, the reply carries the citations, unselected and foreign
// sources are never used, and a question nothing answers gets the no-answer text and is kept as
// a knowledge gap. Embeddings are on here (EMBEDDINGS_MODEL), so the search is hybrid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, type Customer } from '../fixtures/bot-api.js';
import { startFakeLlm, type FakeLlm } from '../fixtures/fake-llm.js';
import { chatTest, guest, link, node, publish, text, type ChatTest } from './chat-support.js';
import { addText, search, settled } from './knowledge-support.js';

const NO_ANSWER = 'I have nothing on that in my sources.';

describe('answers from knowledge sources', () => {
  let llm: FakeLlm;
  let c: ChatTest;
  let stranger: Customer;
  let handbook: number;
  let unselected: number;
  let foreign: number;
  beforeAll(async () => {
    llm = await startFakeLlm();
    c = await chatTest({
      llmBaseUrl: llm.baseUrl,
      llmApiKey: llm.apiKey,
      llmModel: 'fake-model',
      embeddingsModel: 'fake-embeddings',
      knowledgeNoAnswerText: NO_ANSWER,
    });
    stranger = await customer(c.t);
    handbook = (
      await addText(c.t, c.owner, 'handbook', '## Returns\n\nUnopened tea can be returned within 30 days.')
    ).id;
    unselected = (await addText(c.t, c.owner, 'internal', 'Returns of opened tea are judged by the manager.'))
      .id;
    foreign = (await addText(c.t, stranger, 'rival', 'Rival returns: tea can be returned within 90 days.'))
      .id;
    for (const [who, id] of [
      [c.owner, handbook],
      [c.owner, unselected],
      [stranger, foreign],
    ] as const) {
      expect(await settled(c.t, who, 'files', id)).toMatchObject({ status: 'processed' });
    }
    const ai = link(
      node('ai', 'ai', {
        prompt: { en: 'Answer the customer.' },
        waitForUserQuery: true,
        showMessage: true,
        message: { en: 'Ask me' },
        useNLPResources: true,
        // A foreign id typed into the flow is not the bot owner's: never searched.
        NLPResources: { files: [handbook, foreign], links: [], videos: [] },
        hideAIResponse: false,
      }),
      'ai',
    );
    await publish(
      c,
      [node('basic', 'start', { entries: [text('Hi')] }), ai].map((n, i, all) =>
        i === 0 ? link(n, all[1].id) : n,
      ),
    );
  });
  afterAll(async () => {
    await c.t.close();
    await llm.close();
  });

  it('embeds passages at ingest and searches hybrid', async () => {
    expect(llm.requests.some((r) => r.path === '/v1/embeddings')).toBe(true);
    expect((await search(c.t, c.owner, { query: 'return tea' })).mode).toBe('hybrid');
  });

  it('gives the model only the selected passages and cites them under the answer', async () => {
    const g = guest(c);
    await g.say('hello');
    const replies = await g.say('Can I return unopened tea?');
    const system = llm.requests.at(-1)!.json!.messages as { role: string; content: string }[];
    expect(system[0].content).toContain('[1] (handbook.txt) ## Returns');
    expect(system[0].content).toContain('within 30 days');
    expect(system[0].content).not.toContain('manager');
    expect(system[0].content).not.toContain('90 days');
    expect(replies[0]).toMatchObject({
      type: 'ai',
      content: 'Echo: Can I return unopened tea?',
      citations: [{ n: 1, kind: 'file', name: 'handbook.txt' }],
    });
  });

  it('says the no-answer text when nothing is relevant, and keeps the question as a gap', async () => {
    const g = guest(c);
    await g.say('hello');
    const before = llm.requests.filter((r) => r.path === '/v1/chat/completions').length;
    const replies = await g.say('Do you deliver to Mars?');
    expect(replies[0]).toMatchObject({ type: 'ai', content: NO_ANSWER });
    expect(llm.requests.filter((r) => r.path === '/v1/chat/completions').length).toBe(before);
    const again = guest(c);
    await again.say('hello');
    await again.say('do you deliver to mars');
    const res = await c.t.app.inject({ method: 'GET', url: '/api/knowledge/gaps', headers: c.owner.headers });
    expect(res.json().gaps).toEqual([
      expect.objectContaining({ question: 'do you deliver to mars', count: 2, bot_id: c.botId }),
    ]);
    const theirs = await c.t.app.inject({
      method: 'GET',
      url: '/api/knowledge/gaps',
      headers: stranger.headers,
    });
    expect(theirs.json().gaps).toEqual([]);
  });
});
