// A whole flow on Telegram against the fake Bot API, on SQLite and PostgreSQL (issue 16 "Tests
// that must exist"): every kind of step the flow has (text, choices by button and by typed answer,
// wizard, file, geolocation, language change, widget-only nodes), with the exact API calls the
// fake received — method and the fields that matter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '../fixtures/fake-telegram.js';
import { PNG } from '../fixtures/images.js';
import { postTelegram, withTelegram } from './channel-test-support.js';
import { everyKindFlow } from './channels-flow-support.js';
import { chatTest, publish, type ChatTest } from './chat-support.js';

let fake: FakeTelegram;
let c: ChatTest;
const CHAT = 61;

const post = (update: Record<string, unknown>) => postTelegram(c, fake, update);

/** The calls of this chat since `from`, as method and the fields a test checks. */
async function sentSince(from: number, count: number) {
  const sent = await fake.waitForSent(CHAT, from + count);
  return sent.slice(from).map(({ method, params }) => {
    const { chat_id, ...rest } = params;
    expect(String(chat_id)).toBe(String(CHAT));
    return { method, ...rest };
  });
}

beforeAll(async () => {
  fake = await startFakeTelegram();
  c = await withTelegram(await chatTest({ telegramApiBase: fake.baseUrl }));
  await publish(c, everyKindFlow());
});

afterAll(async () => {
  await c.t.close();
  await fake.close();
});

describe('a whole flow on Telegram', () => {
  it('runs every kind of step with the exact Bot API calls', async () => {
    await post(fake.message(CHAT, '/start'));
    expect(await sentSince(0, 2)).toEqual([
      { method: 'sendMessage', text: 'Hello on <b>telegram</b>', parse_mode: 'HTML' },
      {
        method: 'sendMessage',
        text: 'What to drink?',
        parse_mode: 'HTML',
        reply_markup: {
          inline_keyboard: [
            [{ text: 'Tea', callback_data: 'c:1' }],
            [{ text: 'Coffee', callback_data: 'c:2' }],
          ],
        },
      },
    ]);

    // A pressed button: answered with answerCallbackQuery, and picks its choice.
    const press = fake.press(CHAT, 'c:2');
    await post(press);
    expect(await sentSince(2, 1)).toEqual([
      {
        method: 'sendMessage',
        text: 'Which size?',
        parse_mode: 'HTML',
        reply_markup: {
          inline_keyboard: [
            [{ text: 'Small', callback_data: 'c:1' }],
            [{ text: 'Large', callback_data: 'c:2' }],
          ],
        },
      },
    ]);
    const callbackId = (press.callback_query as { id: string }).id;
    expect(
      fake.calls.filter((call) => call.method === 'answerCallbackQuery').map((call) => call.params),
    ).toEqual([{ callback_query_id: callbackId }]);

    // A typed answer picks the choice of that label; the wizard asks, checks and goes on.
    await post(fake.message(CHAT, 'large'));
    expect(await sentSince(3, 1)).toEqual([
      { method: 'sendMessage', text: 'Your email?', parse_mode: 'HTML' },
    ]);
    await post(fake.message(CHAT, 'not an email'));
    expect(await sentSince(4, 2)).toEqual([
      { method: 'sendMessage', text: 'Please enter a valid email address.', parse_mode: 'HTML' },
      { method: 'sendMessage', text: 'Your email?', parse_mode: 'HTML' },
    ]);
    await post(fake.message(CHAT, 'ada@example.com'));
    expect(await sentSince(6, 1)).toEqual([
      { method: 'sendMessage', text: 'Send a photo', parse_mode: 'HTML' },
    ]);

    // A photo is fetched with getFile and read by the file variable; then the location keyboard.
    const start = 7;
    await post(fake.media(CHAT, { photo: [{ file_id: fake.addFile(PNG, 'photo.png') }] }));
    expect(await sentSince(start, 2)).toEqual([
      { method: 'sendMessage', text: 'Got photo.jpg', parse_mode: 'HTML' },
      {
        method: 'sendMessage',
        text: 'Please share your location.',
        reply_markup: {
          keyboard: [[{ text: 'Share my location', request_location: true }], [{ text: "Don't share" }]],
          one_time_keyboard: true,
          resize_keyboard: true,
        },
      },
    ]);
    expect(fake.calls.filter((call) => call.method === 'getFile')).toHaveLength(1);

    // The location answers 'latitude,longitude'; the language changes; widget-only nodes say so
    // and the flow goes on past realtime AI.
    await post(fake.media(CHAT, { location: { latitude: 48.85, longitude: 2.35 } }));
    expect(await sentSince(start + 2, 4)).toEqual([
      { method: 'sendMessage', text: 'At 48.85,2.35', parse_mode: 'HTML' },
      { method: 'sendMessage', text: 'En français', parse_mode: 'HTML' },
      { method: 'sendMessage', text: 'realtime AI can work only inside the widget', parse_mode: 'HTML' },
      { method: 'sendMessage', text: 'Calls can work only inside the widget', parse_mode: 'HTML' },
    ]);
  });
});
