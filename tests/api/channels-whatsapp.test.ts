// WhatsApp against the fake Graph API (tests/fixtures/fake-whatsapp.ts), on SQLite and PostgreSQL:
// the verification handshake, the signature check, routing by phone_number_id, a retried message
// run once, choices as buttons / list / numbered text with their answers, "restart" confirmed,
// status callbacks recorded on the outgoing message, WA_NUMBER and ENVIRONMENT.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PHONE_ID, DEV_TOKEN, startFakeWhatsApp, type FakeWhatsApp } from '../fixtures/fake-whatsapp.js';
import { chatTest, link, node, publish, text, type ChatTest } from './chat-support.js';

let fake: FakeWhatsApp;
let c: ChatTest;
const SECRET = 'test-app-secret';

function choice(id: string, labels: string[], next: string) {
  const ask = node('choice', id, { message: { en: `Pick from ${labels.length}` } });
  ask.next = [
    ...labels.map((label, i) => ({ id: i + 1, node: next, option: { en: { name: label } } })),
    { id: 0, node: null },
  ];
  return ask;
}

function flow() {
  return [
    link(node('basic', 'hello', { entries: [text('Hi ${{WA_NUMBER}} on *${{ENVIRONMENT}}*')] }), 'three'),
    choice('three', ['Yes', 'No', 'Maybe'], 'five'),
    choice('five', ['One', 'Two', 'Three', 'Four', 'Five'], 'twelve'),
    choice(
      'twelve',
      Array.from({ length: 12 }, (_, i) => `Option ${i + 1}`),
      'done',
    ),
    node('basic', 'done', { entries: [text('<p>All <b>done</b></p>')] }),
  ];
}

const bodies = (to: string) => (fake.sent.get(to) ?? []).map((m) => m.body);

beforeAll(async () => {
  fake = await startFakeWhatsApp();
  c = await chatTest(
    { whatsappApiBase: fake.baseUrl, whatsappAppSecret: SECRET },
    { whatsapp_phone_id: DEV_PHONE_ID, whatsapp_token: DEV_TOKEN },
  );
  fake.setWebhook(`${c.base}/api/channels/whatsapp`, SECRET);
  await publish(c, flow());
});

afterAll(async () => {
  await c.t.close();
  await fake.close();
});

describe('the verification handshake', () => {
  it('echoes hub.challenge for the verify token, else 403', async () => {
    const url = (token: string) =>
      `${c.base}/api/channels/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
    const ok = await fetch(url('test-verify-token'));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await fetch(url('wrong'))).status).toBe(403);
  });
});

describe('the webhook', () => {
  it('refuses a missing or wrong signature, and stores nothing', async () => {
    expect(await fake.deliver(fake.text('15550000001', 'hi'), null)).toBe(401);
    expect(await fake.deliver(fake.text('15550000001', 'hi'), 'sha256=' + '0'.repeat(64))).toBe(401);
    expect(await c.t.app.db.selectFrom('channel_inbox').select('id').execute()).toEqual([]);
  });

  it('answers 200 for an unknown phone number id and sends nothing', async () => {
    expect(await fake.deliver(fake.text('15550000002', 'hi', '999999'))).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.sent.get('15550000002')).toBeUndefined();
  });

  it('runs a whole flow: buttons, list, numbered text, with WA_NUMBER and ENVIRONMENT', async () => {
    const to = '15550000003';
    expect(await fake.deliver(fake.text(to, 'hello'))).toBe(200);
    await fake.waitForSent(to, 2);
    expect(bodies(to)[0]).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'text',
      text: { preview_url: false, body: `Hi ${to} on *whatsapp*` },
    });
    const buttons = bodies(to)[1].interactive as { type: string; action: { buttons: unknown[] } };
    expect(buttons.type).toBe('button');
    expect(buttons.action.buttons).toHaveLength(3);

    await fake.deliver(fake.buttonReply(to, 'c:2', 'No'));
    await fake.waitForSent(to, 3);
    const list = bodies(to)[2].interactive as { type: string; action: { sections: { rows: unknown[] }[] } };
    expect(list.type).toBe('list');
    expect(list.action.sections[0].rows).toHaveLength(5);

    await fake.deliver(fake.listReply(to, 'c:4', 'Four'));
    await fake.waitForSent(to, 4);
    const numbered = bodies(to)[3] as { type: string; text: { body: string } };
    expect(numbered.type).toBe('text');
    expect(numbered.text.body).toMatch(/^Pick from 12\n\n1\. Option 1\n/);
    expect(numbered.text.body).toMatch(/Reply 1–12\.$/);

    await fake.deliver(fake.text(to, '11'));
    await fake.waitForSent(to, 5);
    expect((bodies(to)[4] as { text: { body: string } }).text.body).toBe('All *done*');
  });

  it('runs a retried message once', async () => {
    const to = '15550000004';
    const payload = fake.text(to, 'hello');
    expect(await fake.deliver(payload)).toBe(200);
    expect(await fake.deliver(payload)).toBe(200);
    await fake.waitForSent(to, 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bodies(to)).toHaveLength(2);
  });

  it('asks before restarting on "restart"', async () => {
    const to = '15550000005';
    await fake.deliver(fake.text(to, 'hello'));
    await fake.waitForSent(to, 2);
    await fake.deliver(fake.text(to, 'Restart'));
    await fake.waitForSent(to, 3);
    const question = bodies(to)[2].interactive as { body: { text: string }; action: { buttons: unknown[] } };
    expect(question.body.text).toBe('Restart the conversation?');
    expect(question.action.buttons).toEqual([
      { type: 'reply', reply: { id: 'restart:yes', title: 'Yes' } },
      { type: 'reply', reply: { id: 'restart:no', title: 'No' } },
    ]);
    await fake.deliver(fake.buttonReply(to, 'restart:yes', 'Yes'));
    await fake.waitForSent(to, 5);
    expect((bodies(to)[3] as { text: { body: string } }).text.body).toBe(`Hi ${to} on *whatsapp*`);
  });

  it('records status callbacks on the outgoing message', async () => {
    const to = '15550000006';
    await fake.deliver(fake.text(to, 'hello'));
    const [first] = await fake.waitForSent(to, 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await fake.deliver(fake.status(first.id, 'delivered', to))).toBe(200);
    expect(
      await fake.deliver(
        fake.status(first.id, 'failed', to, { code: 131047, title: 'Re-engagement message' }),
      ),
    ).toBe(200);
    const row = await c.t.app.db
      .selectFrom('channel_outbox')
      .select(['status', 'error'])
      .where('external_id', '=', first.id)
      .executeTakeFirst();
    expect(row).toEqual({ status: 'failed', error: '131047 Re-engagement message' });
  });
});

describe('the Advanced tab', () => {
  const channels = async () =>
    (
      await c.t.app.inject({ method: 'GET', url: `/api/bot/${c.botId}/channels`, headers: c.owner.headers })
    ).json();
  const test = (payload: Record<string, unknown>) =>
    c.t.app.inject({
      method: 'POST',
      url: `/api/bot/${c.botId}/channels/test`,
      headers: c.owner.headers,
      payload,
    });

  it('shows the channel connected, with the webhook address and the last message time', async () => {
    const whatsapp = (await channels()).channels.find((ch: { channel: string }) => ch.channel === 'whatsapp');
    expect(whatsapp).toMatchObject({
      configured: true,
      connected: true,
      webhook_url: 'http://botflow.test/api/channels/whatsapp',
      last_error: null,
    });
    expect(whatsapp.last_message_at).toBeGreaterThan(0);
  });

  it('sends a test message, and shows the API error of one that fails', async () => {
    const ok = await test({ channel: 'whatsapp', to: '15550000099' });
    expect(ok.json()).toEqual({ success: true, message: 'Test message sent' });
    expect((bodies('15550000099')[0] as { text: { body: string } }).text.body).toMatch(
      /^Test message from BotFlow/,
    );
    fake.failNext({ status: 400, code: 131030 });
    const refused = await test({ channel: 'whatsapp', to: '15550000098' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, key: 'to' });
    const whatsapp = (await channels()).channels.find((ch: { channel: string }) => ch.channel === 'whatsapp');
    expect(whatsapp.connected).toBe(false);
    expect(whatsapp.last_error).toMatch(/code 131030/);
    expect((await test({ channel: 'telegram', to: '5' })).json()).toMatchObject({ key: 'telegram_token' });
    expect((await test({ channel: 'whatsapp', to: 'not a number' })).statusCode).toBe(400);
  });

  it("answers 404 for another customer's bot", async () => {
    const { customer } = await import('../fixtures/bot-api.js');
    const other = await customer(c.t);
    const res = await c.t.app.inject({
      method: 'GET',
      url: `/api/bot/${c.botId}/channels`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});
