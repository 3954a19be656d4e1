// A whole flow on WhatsApp against the fake Graph API, on SQLite and PostgreSQL (issue 16 "Tests
// that must exist"): every kind of step the flow has (text, choices by button and by typed answer,
// wizard, file, geolocation, language change, widget-only nodes), with the exact Cloud API
// messages the fake received — type and the fields that matter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PHONE_ID, DEV_TOKEN, startFakeWhatsApp, type FakeWhatsApp } from '../fixtures/fake-whatsapp.js';
import { PNG } from '../fixtures/images.js';
import { everyKindFlow } from './channels-flow-support.js';
import { whatsAppChatTest } from './channel-test-support.js';
import { publish, type ChatTest } from './chat-support.js';

let fake: FakeWhatsApp;
let c: ChatTest;
const SECRET = 'flow-app-secret';
const GUEST = '15550006161';

/** The messages sent to the guest since `from`, without the fields every message carries. */
async function sentSince(from: number, count: number) {
  const sent = await fake.waitForSent(GUEST, from + count);
  return sent.slice(from).map(({ phoneNumberId, body }) => {
    const { messaging_product, recipient_type, to, ...rest } = body;
    expect({ phoneNumberId, messaging_product, recipient_type, to }).toEqual({
      phoneNumberId: DEV_PHONE_ID,
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: GUEST,
    });
    return rest;
  });
}

const said = (body: string) => ({ type: 'text', text: { preview_url: false, body } });
const buttons = (body: string, ...labels: string[]) => ({
  type: 'interactive',
  interactive: {
    type: 'button',
    body: { text: body },
    action: { buttons: labels.map((title, i) => ({ type: 'reply', reply: { id: `c:${i + 1}`, title } })) },
  },
});

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  c = await whatsAppChatTest(fake, SECRET);
  await publish(c, everyKindFlow());
});

afterAll(async () => {
  await c.t.close();
  await fake.close();
});

describe('a whole flow on WhatsApp', () => {
  it('runs every kind of step with the exact Cloud API messages', async () => {
    const deliver = async (payload: Record<string, unknown>) => expect(await fake.deliver(payload)).toBe(200);

    await deliver(fake.text(GUEST, 'hi'));
    expect(await sentSince(0, 2)).toEqual([
      said('Hello on *whatsapp*'),
      buttons('What to drink?', 'Tea', 'Coffee'),
    ]);

    // A reply button picks its choice; a typed label picks the next one.
    await deliver(fake.buttonReply(GUEST, 'c:2', 'Coffee'));
    expect(await sentSince(2, 1)).toEqual([buttons('Which size?', 'Small', 'Large')]);
    await deliver(fake.text(GUEST, 'large'));
    expect(await sentSince(3, 1)).toEqual([said('Your email?')]);

    // The wizard checks its answer as on the web.
    await deliver(fake.text(GUEST, 'not an email'));
    expect(await sentSince(4, 2)).toEqual([said('Please enter a valid email address.'), said('Your email?')]);
    await deliver(fake.text(GUEST, 'ada@example.com'));
    expect(await sentSince(6, 1)).toEqual([said('Send a photo')]);

    // An image is fetched through its media URL and read by the file variable; then the location
    // request message.
    const media = fake.addMedia(PNG, 'image/png');
    await deliver(fake.incoming(GUEST, { type: 'image', image: { id: media, mime_type: 'image/png' } }));
    expect(await sentSince(7, 2)).toEqual([
      said('Got photo.png'),
      {
        type: 'interactive',
        interactive: {
          type: 'location_request_message',
          body: { text: 'Please share your location.' },
          action: { name: 'send_location' },
        },
      },
    ]);
    // GET /{media_id} for its URL, then the URL itself, both with the bot's token.
    const gets = fake.requests.filter((r) => r.method === 'GET');
    expect(gets.map((r) => r.authorization)).toEqual([`Bearer ${DEV_TOKEN}`, `Bearer ${DEV_TOKEN}`]);
    expect(gets[0].path).toBe(`/${media}`);

    // The location answers 'latitude,longitude'; the language changes; widget-only nodes say so
    // and the flow goes on past realtime AI.
    await deliver(fake.incoming(GUEST, { type: 'location', location: { latitude: 48.85, longitude: 2.35 } }));
    expect(await sentSince(9, 4)).toEqual([
      said('At 48.85,2.35'),
      said('En français'),
      said('realtime AI can work only inside the widget'),
      said('Calls can work only inside the widget'),
    ]);
    // Every send went to the bot's number with its token.
    const sends = fake.requests.filter((r) => r.method === 'POST' && r.path === `/${DEV_PHONE_ID}/messages`);
    expect(sends.every((r) => r.authorization === `Bearer ${DEV_TOKEN}` && r.status === 200)).toBe(true);
  });
});
