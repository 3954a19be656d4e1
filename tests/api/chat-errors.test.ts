// Bad input to the chat calls answers a 4xx with a message, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXE, PNG } from '../fixtures/images.js';
import { createBot, customer } from '../fixtures/bot-api.js';
import {
  chat,
  chatTest,
  guest,
  node,
  publish,
  request,
  text,
  type ChatTest,
  type Loose,
} from './chat-support.js';

let c: ChatTest;

beforeAll(async () => {
  c = await chatTest({}, { allow_subpaths: false, origins: ['https://shop.example.com/help/faq'] });
  await publish(c, [node('basic', 'hi', { entries: [text('Hi')] })]);
});

afterAll(() => c.t.close());

function expectRefused(res: { status: number; body: Loose }, status: number, message?: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.body.success).toBe(false);
  if (message) expect(res.body.message).toMatch(message);
}

describe('who may chat', () => {
  it('refuses an unknown bot, a missing bot id and an invalid one', async () => {
    expectRefused(await chat({ base: c.base, botId: 999_999 }, { message: 'hi' }), 404, 'Bot not found');
    const form = new FormData();
    form.append('message', 'hi');
    expectRefused(
      await request(c.base, '/api/chat', { method: 'POST', body: form }),
      400,
      'bot_id is required',
    );
    expectRefused(
      await request(c.base, '/api/chat?bot_id=abc', { method: 'POST', body: form }),
      400,
      'bot_id is invalid',
    );
  });

  it('refuses a page that is not a registered origin (subpaths off) and a call naming no page', async () => {
    expect((await chat(c, { message: 'hi' })).status).toBe(200);
    expectRefused(
      await chat(c, { message: 'hi' }, { 'x-botflow-origin': 'https://shop.example.com/help/faq/more' }),
      403,
    );
    expectRefused(await chat(c, { message: 'hi' }, { 'x-botflow-origin': 'https://evil.example.com/' }), 403);
    const form = new FormData();
    form.append('message', 'hi');
    expectRefused(await request(c.base, `/api/chat?bot_id=${c.botId}`, { method: 'POST', body: form }), 403);
  });

  it("lets the owner's editor chat with a bearer token, and no other customer", async () => {
    const form = () => {
      const f = new FormData();
      f.append('message', 'hi');
      return f;
    };
    const path = `/api/chat?bot_id=${c.botId}`;
    const owner = await request(c.base, path, { method: 'POST', body: form(), headers: c.owner.headers });
    expect(owner.status).toBe(200);
    const stranger = await customer(c.t);
    expectRefused(
      await request(c.base, path, { method: 'POST', body: form(), headers: stranger.headers }),
      404,
    );
    expectRefused(
      await request(c.base, path, {
        method: 'POST',
        body: form(),
        headers: { authorization: 'Bearer nope' },
      }),
      401,
    );
  });

  it("refuses a bot whose owner's account is closed, and a bot with no published flow", async () => {
    const other = await customer(c.t);
    const unpublished = await createBot(c.t, other, { origins: ['https://shop.example.com'] });
    expectRefused(
      await chat({ base: c.base, botId: unpublished.id }, { message: 'hi' }),
      404,
      'no published flow',
    );
    await c.t.app.db.updateTable('users').set({ is_deleted: 1 }).where('id', '=', other.id).execute();
    expectRefused(await chat({ base: c.base, botId: unpublished.id }, { message: 'hi' }), 404, 'owner');
    expectRefused(await chat(c, { message: 'hi', target_template: 'nope' }), 404, 'nope');
  });
});

describe('what a chat call carries', () => {
  it('refuses an unknown guest and a guest of another bot', async () => {
    expectRefused(await chat(c, { message: 'hi', guest_id: 'not-a-guest' }), 404, 'Guest not found');
    const other = await customer(c.t);
    const bot = await createBot(c.t, other, { origins: ['https://shop.example.com'] });
    await publish({ ...c, owner: other, botId: bot.id }, [node('basic', 'x', { entries: [text('x')] })]);
    const g = guest({ base: c.base, botId: bot.id });
    await g.say('hi');
    expectRefused(await chat(c, { message: 'hi', guest_id: g.id }), 404, 'Guest not found');
  });

  it('refuses wrong types with the field named', async () => {
    expectRefused(await chat(c, { message: 'hi', course_id: 'abc' }), 400, 'course_id must be a number');
    expectRefused(
      await chat(c, { message: 'hi', custom_env_variables: '[1]' }),
      400,
      'custom_env_variables must be a JSON object',
    );
    expectRefused(
      await chat(c, { message: 'hi', custom_env_variables: '{oops' }),
      400,
      'custom_env_variables must be a JSON object',
    );
    expectRefused(await chat(c, { message: 'hi', language: 'xx' }), 400, 'language is invalid');
    expectRefused(await chat(c, { message: 'hi', file: 'not a file' }), 400, 'file must be an uploaded file');
    expectRefused(await chat(c, { message: '   ' }), 400, 'message is required');
    expectRefused(await chat(c, { message: 'x'.repeat(10_001) }), 400, 'message must be at most');
  });

  it('refuses files of other types and files that are too large', async () => {
    expectRefused(await chat(c, { message: '', file: new Blob([EXE]) }), 415, 'Only gif, jpeg, png and pdf');
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    expectRefused(await chat(c, { message: '', file: new Blob([big]) }), 413, 'too large');
    expectRefused(await chat(c, { message: '', file: new Blob([]) }), 400, 'empty');
  });

  it('refuses guest calls for unknown guests', async () => {
    expectRefused(await request(c.base, '/api/ping/nobody', { method: 'POST' }), 404);
    const form = new FormData();
    form.append('custom_env_variables', '{}');
    expectRefused(await request(c.base, '/api/custom_variables/nobody', { method: 'POST', body: form }), 404);
    expectRefused(await request(c.base, '/api/language/nobody/abc', { method: 'PUT' }), 400);
  });
});
