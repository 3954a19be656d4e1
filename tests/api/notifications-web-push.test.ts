// Web Push for the standalone /chat page (issue 18 item 5): the subscription the page sends is
// stored, and a web delivery then sends a real Web Push request — an encrypted POST signed with the
// server's VAPID key — to the push service, here a local HTTPS fake.
import crypto from 'node:crypto';
import https from 'node:https';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vapidKeys } from '../../server/notifications/web-push.js';
import { startFakePushService, pushServiceCertificate } from '../fixtures/fake-push-service.js';
import type { ChatTest } from './chat-support.js';
import { addNotification, drain, engineTest, guests, nextMinute } from './notifications-engine-support.js';

// The browser's side of the encryption (RFC 8291), to read what the push service received.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: object): Buffer;
};

describe('Web Push from a web delivery', () => {
  let c: ChatTest & { templateId: number };
  let push: Awaited<ReturnType<typeof startFakePushService>>;
  const browser = crypto.createECDH('prime256v1');
  browser.generateKeys();
  const auth = crypto.randomBytes(16);
  const T = nextMinute();

  beforeAll(async () => {
    push = await startFakePushService();
    c = await engineTest();
    c.t.app.notifications.pushAgent = new https.Agent({ ca: pushServiceCertificate });
    c.t.app.notifications.now = () => T;
  });
  afterAll(async () => {
    await c.t.close();
    await push.close();
  });

  it('stores the page subscription and pushes the delivery to the push service', async () => {
    const [guestId] = await guests(c, 1);
    const url = `/api/chat/notifications/${guestId}`;
    const read = await c.t.app.inject({ method: 'GET', url });
    const key = read.json<{ push_key: string }>().push_key;
    expect(key).toBe(vapidKeys(c.t.app.config.dataDir).publicKey);

    const saved = await c.t.app.inject({
      method: 'PUT',
      url,
      payload: {
        push_subscription: {
          endpoint: `${push.url}/push/${guestId}`,
          keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      },
    });
    expect(saved.statusCode).toBe(200);

    await addNotification(c, T);
    await c.t.app.notifications.tick(T);
    await drain(c.t);

    expect(push.received).toHaveLength(1);
    const [sent] = push.received;
    expect(sent.path).toBe(`/push/${guestId}`);
    expect(sent.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
    expect(sent.headers['content-encoding']).toBe('aes128gcm');
    expect(sent.headers.ttl).toBe('3600');
    const text = ece.decrypt(sent.body, { version: 'aes128gcm', privateKey: browser, authSecret: auth });
    expect(JSON.parse(text.toString('utf8'))).toEqual({
      body: 'Tip of the day, web',
      url: `/chat?bot_id=${c.botId}`,
    });
  });

  it('serves the /chat page its service worker from the app origin', async () => {
    const res = await c.t.app.inject({ method: 'GET', url: '/chat-sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.body).toContain("addEventListener('push'");
    expect(res.body).toContain('showNotification');
  });

  it('sends no push once the page removes its subscription', async () => {
    const [guestId] = await guests(c, 1);
    const res = await c.t.app.inject({
      method: 'PUT',
      url: `/api/chat/notifications/${guestId}`,
      payload: { push_subscription: null },
    });
    expect(res.statusCode).toBe(200);
    const before = push.received.length;
    const later = T + 60 * 60_000;
    c.t.app.notifications.now = () => later;
    await c.t.app.notifications.tick(later);
    await drain(c.t);
    expect(push.received.filter((p) => p.path === `/push/${guestId}`)).toHaveLength(0);
    // The first guest (still subscribed) got the hour's occurrence pushed.
    expect(push.received.length).toBe(before + 1);
  });
});
