// The emulator's channel switch sets the flow's ENVIRONMENT (issue 16 item 6): the author's own
// chat (their token) may name the channel it shows the bot as; a widget's guest stays on web.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat, chatTest, contents, link, node, publish, text, type ChatTest } from './chat-support.js';

let c: ChatTest;

beforeAll(async () => {
  c = await chatTest();
  const where = node('basic', 'where', {
    entries: [
      text('on ${{ENVIRONMENT}}'),
      { type: 'variable', name: 'said', default: '', variableType: 'text', wait: true },
    ],
  });
  await publish(c, [link(where, 'where')]);
});

afterAll(async () => {
  await c?.t.close();
});

describe('ENVIRONMENT in the emulator', () => {
  it('follows the channel the author switches to, on one conversation', async () => {
    const say = async (message: string, environment: string, guestId?: string) => {
      const res = await chat(c, { message, environment, guest_id: guestId }, c.owner.headers);
      expect(res.status).toBe(200);
      return res.body as { guest_id: string; reply: { content: unknown }[] };
    };
    const first = await say('Hello', 'telegram');
    expect(contents(first.reply)).toEqual(['on telegram']);
    const second = await say('hi', 'whatsapp', first.guest_id);
    expect(contents(second.reply)).toEqual(['on whatsapp']);
    const third = await say('hi', 'web', first.guest_id);
    expect(contents(third.reply)).toEqual(['on web']);
  });

  it("leaves a widget guest's ENVIRONMENT on web", async () => {
    const res = await chat(c, { message: 'Hello', environment: 'telegram' });
    expect(res.status).toBe(200);
    expect(contents(res.body.reply)).toEqual(['on web']);
  });

  it('refuses an environment that is no channel', async () => {
    const res = await chat(c, { message: 'Hello', environment: 'fax' }, c.owner.headers);
    expect(res.status).toBe(400);
  });
});
