// Addresses that would run script where they are shown (issue 14 item 8): image and video links,
// carousel items, the theme's avatar and the bot's avatar refuse javascript: and non-image data:
// URLs with the field's message, and keep what was saved before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newNode } from '../../src/core/flow/index.js';
import { createTestApp, multipart, type TestApp } from './helpers.js';
import { createBot, customer, form, newBotForm, withHeaders, type Customer } from '../fixtures/bot-api.js';
import { getFlow, publish } from './flow-support.js';

describe('unsafe stored URLs', () => {
  let t: TestApp;
  let owner: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
  });
  afterAll(() => t.close());

  function flowWithMedia(type: 'image-link' | 'video-link', url: string) {
    const node = newNode('basic', 'media', 0, 0, 'Media');
    node.entries = [{ type: 'content', content: { type, title: 'Look', content: { en: url } } }];
    return [node];
  }

  it.each([
    ['image-link', 'javascript:alert(document.cookie)'],
    ['image-link', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['video-link', ' JavaScript:alert(1)'],
    ['video-link', 'data:image/png;base64,iVBORw0KGgo='],
  ] as const)('refuses a %s entry holding %s, keeping the published flow', async (type, url) => {
    const bot = await createBot(t, owner);
    const ok = await publish(
      t,
      owner,
      bot.id,
      {
        nodes: flowWithMedia(
          type,
          type === 'image-link' ? 'https://cdn.example.com/a.png' : 'https://youtu.be/dQw4w9WgXcQ',
        ),
        allow_invalid: true,
      },
      '"0"',
    );
    expect(ok.statusCode).toBe(200);
    const res = await publish(
      t,
      owner,
      bot.id,
      { nodes: flowWithMedia(type, url), allow_invalid: true },
      '"1"',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain('Only http and https addresses are allowed');
    const kept = (await getFlow(t, owner, bot.id)).json();
    expect(JSON.stringify(kept)).not.toContain(url.trim());
  });

  it('refuses a carousel item whose address is a script', async () => {
    const bot = await createBot(t, owner);
    const node = newNode('basic', 'media', 0, 0, 'Media');
    node.entries = [
      {
        type: 'content',
        content: {
          type: 'image-carousel',
          title: 'Pick',
          content: { en: [{ id: 1, type: 'url', url: 'javascript:alert(1)', name: 'x' }] },
        },
      },
    ];
    const res = await publish(t, owner, bot.id, { nodes: [node], allow_invalid: true }, '"0"');
    expect(res.statusCode).toBe(400);
  });

  it("refuses a theme avatar that is a script, keeping the theme's avatar", async () => {
    const bot = await createBot(t, owner);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/theme/${bot.id}`,
      ...withHeaders(
        multipart({ theme: JSON.stringify({ body: { botAvatar: 'javascript:alert(1)' } }) }),
        owner,
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, key: 'theme' });
    const theme = await t.app.inject({
      method: 'GET',
      url: `/api/theme?bot_id=${bot.id}`,
      headers: owner.headers,
    });
    expect(theme.json().theme.body.botAvatar).not.toContain('javascript');
  });

  it('refuses a bot avatar that is a script or an SVG data: URL', async () => {
    for (const avatar of ['javascript:alert(1)', 'data:image/svg+xml;base64,PHN2Zz4=']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bot',
        ...withHeaders(form(newBotForm({ avatar })), owner),
      });
      expect(res.statusCode, avatar).toBe(400);
      expect(res.json()).toMatchObject({ success: false, key: 'avatar' });
    }
  });
});
