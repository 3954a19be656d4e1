// Issue 13 item 6: a language the flow chose sticks. Over real HTTP through POST /api/chat: after a
// language-changer node switches to French, the next turns stay French whether or not the widget
// sends its language; every answer tells the widget the conversation's language (its select shows
// it); the guest's own switch (PUT /api/language) still wins, and a language picked before the
// server knew the guest starts the conversation in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowNode } from '../../src/core/flow/index.js';
import {
  chat,
  chatTest,
  contents,
  link,
  node,
  publish,
  publishTemplate,
  request,
  text,
  type ChatFields,
  type ChatTest,
  type Loose,
} from './chat-support.js';

const FRENCH = 3;
const ENGLISH = 2;
let c: ChatTest;

/** Greets, then asks a name over and over: each turn says thanks in the current language. */
function askingFlow(withChanger: boolean): FlowNode[] {
  const greet = link(
    node('basic', 'greet', { entries: [text({ en: 'Hello', fr: 'Bonjour' })] }),
    withChanger ? 'to-fr' : 'ask',
  );
  const toFrench = link(node('language-changer', 'to-fr', { language: FRENCH }), 'ask');
  const ask = link(
    node('basic', 'ask', {
      entries: [
        text({ en: 'Your name?', fr: 'Votre nom ?' }),
        { type: 'variable', name: 'name', default: '', variableType: 'text', wait: true },
      ],
    }),
    'thanks',
  );
  const thanks = link(
    node('basic', 'thanks', { entries: [text({ en: 'Thanks ${{name}}', fr: 'Merci ${{name}}' })] }),
    'ask',
  );
  return withChanger ? [greet, toFrench, ask, thanks] : [greet, ask, thanks];
}

/** A guest whose every answer is read whole (replies and the conversation's language). */
function guest(extra: ChatFields = {}) {
  let id: string | undefined;
  return {
    get id() {
      return id!;
    },
    async say(message: string, fields: ChatFields = {}): Promise<Loose> {
      const res = await chat(c, { message, guest_id: id, ...extra, ...fields });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      id = res.body.guest_id;
      return res.body;
    },
  };
}

const spoken = (answer: Loose) => (answer.reply as Loose[]).map((r) => [r.content, r.language_code]);

beforeAll(async () => {
  c = await chatTest();
  await publish(c, askingFlow(true));
  await publishTemplate(c, 'plain', askingFlow(false));
});

afterAll(async () => {
  await c.t.close();
});

describe('a language-changer node', () => {
  it('switches the conversation, and the next turns stay in its language while the widget keeps sending its own', async () => {
    const g = guest({ language: 'en' });
    const first = await g.say('Hi');
    expect(spoken(first)).toEqual([
      ['Hello', 'en'],
      ['Votre nom ?', 'fr'],
    ]);
    expect(first.language).toBe('fr');
    for (const name of ['Ada', 'Alan']) {
      const next = await g.say(name);
      expect(spoken(next)).toEqual([
        [`Merci ${name}`, 'fr'],
        ['Votre nom ?', 'fr'],
      ]);
      expect(next.language).toBe('fr');
    }
  });

  it('holds when the widget sends no language, and the reopened chat is told the language', async () => {
    const g = guest();
    expect((await g.say('Hi')).language).toBe('fr');
    expect(contents((await g.say('Ada')).reply)).toEqual(['Merci Ada', 'Votre nom ?']);
    const reopened = await g.say('Hello', { ignore_saving: '1' });
    expect(reopened.reply).toEqual([]);
    expect(reopened.language).toBe('fr');
    expect(reopened.old_conversation.at(-1)).toMatchObject({ content: 'Votre nom ?', language_code: 'fr' });
  });

  it("gives way to the guest's own switch, which then holds as well", async () => {
    const g = guest({ language: 'fr' });
    await g.say('Hi');
    const switched = await request(c.base, `/api/language/${g.id}/${ENGLISH}`, { method: 'PUT' });
    expect(switched.body).toMatchObject({ success: true, language: 'en' });
    // The stale language still sent by an older widget does not undo the guest's switch.
    const next = await g.say('Ada');
    expect(spoken(next)).toEqual([
      ['Thanks Ada', 'en'],
      ['Your name?', 'en'],
    ]);
    expect(next.language).toBe('en');
  });
});

describe('a language sent with a message', () => {
  it('starts a new conversation in the language the guest picked, which later turns keep', async () => {
    const g = guest({ target_template: 'plain' });
    const first = await g.say('Hi', { language: 'fr' });
    expect(spoken(first)).toEqual([
      ['Bonjour', 'fr'],
      ['Votre nom ?', 'fr'],
    ]);
    const next = await g.say('Ada');
    expect(contents(next.reply)).toEqual(['Merci Ada', 'Votre nom ?']);
    expect(next.language).toBe('fr');
  });

  it("leaves the bot's default language when none is sent", async () => {
    const g = guest({ target_template: 'plain' });
    const first = await g.say('Hi');
    expect(contents(first.reply)).toEqual(['Hello', 'Your name?']);
    expect(first.language).toBe('en');
  });
});
