// Telegram input beyond text, against the fake Bot API: a shared location answers the
// device-permission node with 'latitude,longitude' (asked with a request_location keyboard); a
// photo is downloaded through getFile and stored as a chat upload; a file of a type the chat
// refuses is answered with the web's message and never reaches the flow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConversation } from '../../server/repos/conversation.js';
import { findChannelGuestId } from '../../server/repos/guests.js';
import { startFakeTelegram, type FakeTelegram } from '../fixtures/fake-telegram.js';
import { EXE, PNG } from '../fixtures/images.js';
import { postTelegram, withTelegram } from './channel-test-support.js';
import { chatTest, link, node, publish, text, type ChatTest } from './chat-support.js';

let fake: FakeTelegram;
let c: ChatTest;

const post = (update: Record<string, unknown>) => postTelegram(c, fake, update);

beforeAll(async () => {
  fake = await startFakeTelegram();
  c = await withTelegram(await chatTest({ telegramApiBase: fake.baseUrl }));
  const where = link(node('device-permission', 'where'), 'at');
  await publish(c, [
    where,
    link(node('basic', 'at', { entries: [text('At ${{latitude}} ${{longitude}}')] }), 'photo'),
    node('basic', 'photo', {
      entries: [
        text('Send a photo'),
        { type: 'variable', name: 'picture', default: '', variableType: 'text', wait: true },
        text('Thanks'),
      ],
    }),
  ]);
});

afterAll(async () => {
  await c.t.close();
  await fake.close();
});

describe('media and locations on Telegram', () => {
  it('asks for the location with a request_location keyboard and reads the shared one', async () => {
    await post(fake.message(51, '/start'));
    const [ask] = await fake.waitForSent(51, 1);
    expect(ask.params.reply_markup).toMatchObject({
      keyboard: [[{ text: 'Share my location', request_location: true }], [{ text: "Don't share" }]],
    });
    await post(fake.media(51, { location: { latitude: 48.85, longitude: 2.35 } }));
    const sent = await fake.waitForSent(51, 3);
    expect(sent.slice(1).map((m) => m.params.text)).toEqual(['At 48.85 2.35', 'Send a photo']);
  });

  it('refuses a file type the chat does not take, and stores a photo as a chat upload', async () => {
    const exe = fake.addFile(EXE, 'tool.exe');
    await post(fake.media(51, { document: { file_id: exe, file_name: 'tool.exe' } }));
    const refused = await fake.waitForSent(51, 4);
    expect(refused[3].params.text).toBe('Only gif, jpeg, png and pdf files are accepted');

    const photo = fake.addFile(PNG, 'photo.png');
    await post(fake.media(51, { photo: [{ file_id: photo }] }));
    // The flow reads the file as the web chat's would (a text variable asks again).
    await fake.waitForSent(51, 5);
    expect(fake.calls.filter((call) => call.method === 'getFile').length).toBe(2);
    const guestId = await findChannelGuestId(c.t.app.db, c.botId, { channel: 'telegram', chatId: '51' });
    const said = await readConversation(c.t.app.db, guestId!);
    const file = said.find((m) => m.type === 'file');
    expect(file?.content).toMatchObject({ name: 'photo.jpg', type: 'image/png' });
  });
});
