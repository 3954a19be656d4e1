// converse(): the one conversation service every channel calls. A channel's guest is found by
// (bot, channel, chat id), created by its first turn; the same chat on another channel or bot is
// another guest; /restart starts the flow again; two first turns of one chat at once store one
// guest (on SQLite and PostgreSQL alike).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatService } from '../../server/conversations/chat-service.js';
import { chatServiceOf } from '../../server/conversations/registry.js';
import { readConversation } from '../../server/repos/conversation.js';
import { findChannelGuestId } from '../../server/repos/guests.js';
import { chatTest, contents, link, node, publish, text, type ChatTest } from './chat-support.js';

let c: ChatTest;

beforeAll(async () => {
  c = await chatTest();
  const ask = link(
    node('basic', 'ask', {
      entries: [
        text('Your name? (${{ENVIRONMENT}})'),
        { type: 'variable', name: 'name', default: '', variableType: 'text', wait: true },
      ],
    }),
    'done',
  );
  await publish(c, [ask, node('basic', 'done', { entries: [text('Hi ${{name}} ${{WA_NUMBER}}')] })]);
});

afterAll(() => c.t.close());

const bot = () => ({ id: c.botId });

describe('converse on a chat channel', () => {
  it('creates the guest on the first turn and finds it by chat id afterwards', async () => {
    const service = chatServiceOf(c.t.app);
    const chat = { channel: 'whatsapp' as const, chatId: '15550001111' };
    const env = { environment: 'whatsapp' as const, waNumber: '15550001111' };
    const first = await service.converse(bot(), chat, { text: 'hello', ...env });
    expect(contents(first.replies)).toEqual(['Your name? (whatsapp)']);
    const guestId = await findChannelGuestId(c.t.app.db, c.botId, chat);
    expect(guestId).toBe(first.guestId);
    const second = await service.converse(bot(), chat, { text: 'Ann', ...env });
    expect(second.guestId).toBe(first.guestId);
    expect(contents(second.replies)).toEqual(['Hi Ann 15550001111']);
    const said = (await readConversation(c.t.app.db, guestId!)).map((m) => m.content);
    expect(said).toEqual(['hello', 'Your name? (whatsapp)', 'Ann', 'Hi Ann 15550001111']);
  });

  it('keeps chats of other channels apart, and restarts on request', async () => {
    const service = chatServiceOf(c.t.app);
    const telegram = { channel: 'telegram' as const, chatId: '15550001111' };
    const first = await service.converse(bot(), telegram, { text: '/start', environment: 'telegram' });
    expect(contents(first.replies)).toEqual(['Your name? (telegram)']);
    const again = await service.converse(bot(), telegram, { text: '', restart: true });
    expect(again.guestId).toBe(first.guestId);
    expect(contents(again.replies)).toEqual(['Your name? (telegram)']);
    expect(contents((await service.converse(bot(), telegram, { text: 'Bo' })).replies)).toEqual(['Hi Bo ']);
  });

  it('stores one guest when the first turns of a chat run at once', async () => {
    const service = chatServiceOf(c.t.app);
    const chat = { channel: 'telegram' as const, chatId: '900' };
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((t) => service.converse(bot(), chat, { text: t, environment: 'telegram' })),
    );
    expect(new Set(answers.map((a) => a.guestId)).size).toBe(1);
    const said = (await readConversation(c.t.app.db, answers[0].guestId)).map((m) => m.content);
    expect(said).toEqual(['a', 'Your name? (telegram)', 'b', 'Hi b ', 'c', 'Your name? (telegram)']);
  });

  it('stores one guest when two instances run the first turns of a chat at once', async () => {
    // Two services: two queues, as two server instances have; the unique chat index decides.
    const services = [chatServiceOf(c.t.app), new ChatService(c.t.app.db, c.t.app.config)];
    const chat = { channel: 'whatsapp' as const, chatId: '901' };
    const answers = await Promise.all(services.map((s, i) => s.converse(bot(), chat, { text: `m${i}` })));
    expect(answers[0].guestId).toBe(answers[1].guestId);
    const said = (await readConversation(c.t.app.db, answers[0].guestId)).map((m) => m.content);
    expect(said).toHaveLength(4);
  });
});
