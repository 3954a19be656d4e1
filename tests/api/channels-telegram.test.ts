// Telegram against the fake Bot API (tests/fixtures/fake-telegram.ts), on SQLite and PostgreSQL:
// webhook registration on save and removal on clear, a bad token refused, the secret header
// checked, a retried update run once (also among many chats' updates arriving at once), a chat's
// updates answered in order, choices by button, by typed answer and by number, /restart, 429
// honoured, and a send that always fails dead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_TOKEN, startFakeTelegram, type FakeTelegram } from '../fixtures/fake-telegram.js';
import { createBot, withHeaders } from '../fixtures/bot-api.js';
import { openToken } from '../../server/repos/token-box.js';
import { multipart } from './helpers.js';
import { chatTest, link, node, publish, text, type ChatTest } from './chat-support.js';

let fake: FakeTelegram;
let c: ChatTest;

function menu() {
  const ask = node('choice', 'menu', { message: { en: 'Tea or coffee?' } });
  ask.next = [
    { id: 1, node: 'tea', option: { en: { name: 'Tea' } } },
    { id: 2, node: 'coffee', option: { en: { name: 'Coffee' } } },
    { id: 0, node: null },
  ];
  return [
    link(node('basic', 'hello', { entries: [text('<p>Welcome on <b>${{ENVIRONMENT}}</b></p>')] }), 'menu'),
    ask,
    node('basic', 'tea', { entries: [text('Tea it is')] }),
    node('basic', 'coffee', { entries: [text('Coffee it is')] }),
  ];
}

async function saveToken(token: string) {
  const body = multipart({ bot_id: String(c.botId), telegram_token: token });
  return c.t.app.inject({ method: 'PUT', url: '/api/bot', ...withHeaders(body, c.owner) });
}

/** Posts an update to the bot's webhook as Telegram does (the secret header unless told otherwise). */
async function post(update: Record<string, unknown>, secret?: string | null) {
  const hook = fake.webhookOf(DEV_TOKEN)!;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const given = secret === undefined ? hook.secret_token : secret;
  if (given) headers['x-telegram-bot-api-secret-token'] = given;
  const res = await fetch(`${c.base}/api/channels/telegram/${c.botId}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(update),
  });
  return res.status;
}

const texts = (chatId: number) =>
  (fake.sent.get(String(chatId)) ?? []).map((m) => m.params.text ?? m.params.photo ?? m.method);

beforeAll(async () => {
  fake = await startFakeTelegram();
  c = await chatTest({ telegramApiBase: fake.baseUrl });
  await publish(c, menu());
});

afterAll(async () => {
  await c.t.close();
  await fake.close();
});

describe('connecting a bot to Telegram', () => {
  it('refuses a token Telegram does not know, under its field, and keeps nothing', async () => {
    const res = await saveToken('1:not-a-real-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, key: 'telegram_token' });
    expect(res.json().message).toMatch(/Telegram refused this token: .*Unauthorized/);
    const row = await c.t.app.db
      .selectFrom('bots')
      .select('telegram_token')
      .where('id', '=', c.botId)
      .executeTakeFirst();
    expect(row?.telegram_token).toBe('');
    expect(fake.calls.filter((call) => call.method === 'setWebhook')).toEqual([]);
  });

  it('checks a new token with getMe, then sets the webhook with a secret', async () => {
    const res = await saveToken(DEV_TOKEN);
    expect(res.statusCode, res.body).toBe(200);
    const methods = fake.calls.filter((call) => call.token === DEV_TOKEN).map((call) => call.method);
    expect(methods).toEqual(['getMe', 'setWebhook']);
    const hook = fake.webhookOf(DEV_TOKEN)!;
    expect(hook.url).toBe(`http://botflow.test/api/channels/telegram/${c.botId}`);
    expect(hook.secret_token).toMatch(/^[A-Za-z0-9_-]{1,256}$/);
    expect(hook.allowed_updates).toEqual(['message', 'callback_query']);
  });

  it('shows the token masked, and keeps it when the masked value is saved back', async () => {
    const list = await c.t.app.inject({ method: 'GET', url: '/api/bot', headers: c.owner.headers });
    const shown = list.json().bots.find((b: { id: number }) => b.id === c.botId).telegram_token;
    expect(shown).toBe(`••••${DEV_TOKEN.slice(-4)}`);
    const calls = fake.calls.length;
    const res = await saveToken(shown);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bot.telegram_token).toBe(shown);
    const row = await c.t.app.db
      .selectFrom('bots')
      .select('telegram_token')
      .where('id', '=', c.botId)
      .executeTakeFirst();
    // Stored encrypted at rest, and still the same token.
    expect(row?.telegram_token).toMatch(/^enc:v1:/);
    expect(row?.telegram_token).not.toContain(DEV_TOKEN.slice(-8));
    expect(openToken(c.t.app.db, row!.telegram_token)).toBe(DEV_TOKEN);
    // Nothing changed: no new getMe, no new webhook (the secret stays).
    expect(fake.calls.length).toBe(calls);
  });
});

describe('the webhook', () => {
  it('refuses an update without the secret or with another one, and stores nothing', async () => {
    expect(await post(fake.message(1, '/start'), null)).toBe(401);
    expect(await post(fake.message(1, '/start'), 'wrong-secret')).toBe(401);
    const stored = await c.t.app.db.selectFrom('channel_inbox').select('id').execute();
    expect(stored).toEqual([]);
  });

  it('starts the flow on /start and answers choices by button, typed answer and number', async () => {
    expect(await post(fake.message(11, '/start'))).toBe(200);
    const first = await fake.waitForSent(11, 2);
    expect(first.map((m) => m.params.text)).toEqual(['Welcome on <b>telegram</b>', 'Tea or coffee?']);
    expect(first[1].params.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Tea', callback_data: 'c:1' }], [{ text: 'Coffee', callback_data: 'c:2' }]],
    });
    expect(await post(fake.press(11, 'c:2'))).toBe(200);
    await fake.waitForSent(11, 3);
    expect(fake.calls.some((call) => call.method === 'answerCallbackQuery')).toBe(true);
    expect(texts(11)[2]).toBe('Coffee it is');

    await post(fake.message(11, '/restart'));
    await fake.waitForSent(11, 5);
    await post(fake.message(11, 'tea please'));
    await fake.waitForSent(11, 6);
    expect(texts(11)[5]).toBe('Tea it is');

    await post(fake.message(11, '/restart'));
    await fake.waitForSent(11, 8);
    await post(fake.message(11, '2'));
    await fake.waitForSent(11, 9);
    expect(texts(11)[8]).toBe('Coffee it is');
  });

  it('runs a retried update once', async () => {
    const update = fake.message(12, '/start');
    expect(await post(update)).toBe(200);
    expect(await post(update)).toBe(200);
    await fake.waitForSent(12, 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(texts(12)).toEqual(['Welcome on <b>telegram</b>', 'Tea or coffee?']);
    const inbox = await c.t.app.db
      .selectFrom('channel_inbox')
      .select('id')
      .where('chat_id', '=', '12')
      .execute();
    expect(inbox).toHaveLength(1);
  });

  it('stores the updates of many chats arriving at once, a retried one among them, each once', async () => {
    const chats = Array.from({ length: 12 }, (_, i) => 30 + i);
    const updates = chats.map((chat) => fake.message(chat, '/start'));
    const statuses = await Promise.all([...updates, updates[0], updates[5]].map((update) => post(update)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    for (const chat of chats) await fake.waitForSent(chat, 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const chat of chats) expect(texts(chat)).toEqual(['Welcome on <b>telegram</b>', 'Tea or coffee?']);
    const inbox = await c.t.app.db
      .selectFrom('channel_inbox')
      .select('chat_id')
      .where(
        'chat_id',
        'in',
        chats.map((chat) => String(chat)),
      )
      .execute();
    expect(inbox).toHaveLength(chats.length);
  });

  it('answers the updates of one chat in arrival order', async () => {
    const updates = [
      fake.message(13, '/start'),
      fake.message(13, 'Tea'),
      fake.message(13, '/restart'),
      fake.message(13, 'Coffee'),
    ];
    for (const update of updates) expect(await post(update)).toBe(200);
    await fake.waitForSent(13, 6);
    expect(texts(13)).toEqual([
      'Welcome on <b>telegram</b>',
      'Tea or coffee?',
      'Tea it is',
      'Welcome on <b>telegram</b>',
      'Tea or coffee?',
      'Coffee it is',
    ]);
  });

  it('waits retry_after on a 429 and delivers the message once', async () => {
    fake.failNext('sendMessage', { status: 429, retryAfter: 1 });
    const started = Date.now();
    await post(fake.message(14, '/start'));
    const sent = await fake.waitForSent(14, 2, 8000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(sent.map((m) => m.params.text)).toEqual(['Welcome on <b>telegram</b>', 'Tea or coffee?']);
    const refused = fake.calls.filter((call) => call.method === 'sendMessage' && call.status === 429);
    expect(refused).toHaveLength(1);
  });

  it('gives up on a send that always fails: dead, with the API error kept for the Advanced tab', async () => {
    fake.failNext('sendMessage', { status: 500, times: 100 });
    await post(fake.message(15, '/start'));
    const deadline = Date.now() + 10_000;
    let rows: { state: string; error: string | null }[] = [];
    while (Date.now() < deadline) {
      rows = await c.t.app.db
        .selectFrom('channel_outbox')
        .select(['state', 'error'])
        .where('chat_id', '=', '15')
        .execute();
      if (rows.length && rows.every((r) => r.state === 'dead')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    fake.failNext('sendMessage', { status: 500, times: 0 });
    expect(rows.map((r) => r.state)).toEqual(['dead', 'dead']);
    expect(rows[0].error).toMatch(/Internal Server Error/);
    const status = await c.t.app.db
      .selectFrom('channel_states')
      .selectAll()
      .where('bot_id', '=', c.botId)
      .executeTakeFirst();
    expect(status?.last_error).toMatch(/Internal Server Error/);
  });
});

describe('clearing the token', () => {
  it('deletes the webhook', async () => {
    const res = await saveToken('');
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.calls.at(-1)?.method).toBe('deleteWebhook');
    expect(fake.webhookOf(DEV_TOKEN)).toBeNull();
  });
});

describe('deleting the bot', () => {
  it('deletes its webhook at Telegram', async () => {
    const other = await createBot(c.t, c.owner);
    const body = multipart({ bot_id: String(other.id), telegram_token: DEV_TOKEN });
    const saved = await c.t.app.inject({ method: 'PUT', url: '/api/bot', ...withHeaders(body, c.owner) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(fake.webhookOf(DEV_TOKEN)?.url).toContain(`/api/channels/telegram/${other.id}`);

    const res = await c.t.app.inject({
      method: 'DELETE',
      url: `/api/bot/${other.id}`,
      headers: c.owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.calls.at(-1)?.method).toBe('deleteWebhook');
    expect(fake.webhookOf(DEV_TOKEN)).toBeNull();
  });
});
