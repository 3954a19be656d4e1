// A wizard over real HTTP through POST /api/chat (issue 13 items 11 and 12): each form-field type
// is checked by the runtime — a wrong email, URL or time is refused with what is expected and the
// step's sentence is asked again —, a password is stored masked, a repeating wizard says which pass
// the guest is on ("1 of 2") counting from its offsite, and each stored form keeps that number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_ANSWER_MESSAGES } from '../../src/core/wizard/index.js';
import { chatTest, guest, link, node, publish, text, type ChatTest, type Loose } from './chat-support.js';

let c: ChatTest;

beforeAll(async () => {
  c = await chatTest();
  const ask = (id: number, type: string, attr: string, question: string) => ({
    id,
    type,
    attr,
    feedback: { en: question, fr: `${question} (fr)` },
  });
  const signup = link(
    node('wizard', 'signup', {
      wizard: {
        iterations: 2,
        offsite: 1,
        fields: [
          ask(1, 'email', 'email', 'Your email?'),
          ask(2, 'url', 'site', 'Your website?'),
          ask(3, 'password', 'pin', 'Your password?'),
          ask(4, 'time', 'at', 'When shall we call?'),
        ] as never,
      },
      store: { name: 'wizard_list' },
    }),
    'done',
  );
  await publish(c, [signup, node('basic', 'done', { entries: [text('All set, ${{email}}')] })]);
});

afterAll(async () => {
  await c.t.close();
});

const shown = (replies: Loose[]) =>
  replies.map((r) => (r.type === 'wizard' ? [r.content, r.progress ?? null] : [r.type, r.content]));

async function storedState(guestId: string): Promise<Loose> {
  const row = await c.t.app.db
    .selectFrom('guest_sessions')
    .select('state')
    .where('id', '=', guestId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.state) as Loose;
}

describe('a wizard through the chat service', () => {
  it('checks each answer by its type, counts its passes from the offsite and stores the forms with their index', async () => {
    const g = guest(c);
    const pass = (n: number) => ({ pass: n, of: 2 });
    expect(shown(await g.say('Hi'))).toEqual([['Your email?', pass(1)]]);
    expect(shown(await g.say('ada at example'))).toEqual([
      ['text', FORM_ANSWER_MESSAGES.email],
      ['Your email?', pass(1)],
    ]);
    expect(shown(await g.say('ada@example.com'))).toEqual([['Your website?', pass(1)]]);
    expect(shown(await g.say('my site'))).toEqual([
      ['text', FORM_ANSWER_MESSAGES.url],
      ['Your website?', pass(1)],
    ]);
    const askPassword = await g.say('https://ada.example.com');
    expect(shown(askPassword)).toEqual([
      ['Your password?', pass(1)],
      ['input', ''],
    ]);
    expect(askPassword[1]).toMatchObject({ input: 'password' });
    expect(shown(await g.say('s3cret'))).toEqual([['When shall we call?', pass(1)]]);
    expect(shown(await g.say('25:00'))).toEqual([
      ['text', FORM_ANSWER_MESSAGES.time],
      ['When shall we call?', pass(1)],
    ]);
    expect(shown(await g.say('9:30'))).toEqual([['Your email?', pass(2)]]);
    await g.say('alan@example.com');
    await g.say('alan.example.org');
    await g.say('hunter2');
    expect(shown(await g.say('18:00'))).toEqual([['text', 'All set, alan@example.com']]);

    const state = await storedState(g.id);
    expect(state.variables.wizard_list).toEqual([
      { email: 'ada@example.com', site: 'https://ada.example.com', pin: 's3cret', at: '09:30', index: 1 },
      { email: 'alan@example.com', site: 'alan.example.org', pin: 'hunter2', at: '18:00', index: 2 },
    ]);

    // The stored conversation never holds a password, and a reopened chat shows the pass count.
    const reopened = await c.t.app.inject({
      method: 'POST',
      url: `/api/chat?bot_id=${c.botId}`,
      headers: { 'x-botflow-origin': 'https://shop.example.com/help/faq' },
      payload: { message: 'Hello', ignore_saving: '1', guest_id: g.id },
    });
    const old = (reopened.json() as Loose).old_conversation as Loose[];
    const said = old.filter((m) => m.from === 'user').map((m) => m.content);
    expect(said).toContain('******');
    expect(said).toContain('*******');
    expect(said).not.toContain('s3cret');
    expect(said).not.toContain('hunter2');
    expect(old.find((m) => m.type === 'wizard')).toMatchObject({
      content: 'Your email?',
      progress: { pass: 1, of: 2 },
    });
  });
});
