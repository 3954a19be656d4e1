// Web Push for guests of the standalone /chat page (issue 18 item 5): VAPID keys are made once
// and kept in DATA_DIR, so every server instance sharing the folder signs with the same pair.
import fs from 'node:fs';
import type https from 'node:https';
import path from 'node:path';
import webpush from 'web-push';
import type { ChatReply } from '../conversations/chat-service.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const cache = new Map<string, VapidKeys>();

export function vapidKeys(dataDir: string): VapidKeys {
  const known = cache.get(dataDir);
  if (known) return known;
  const file = path.join(dataDir, 'vapid.json');
  let keys: VapidKeys;
  try {
    keys = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  } catch {
    keys = webpush.generateVAPIDKeys();
    fs.mkdirSync(dataDir, { recursive: true });
    // wx: two instances starting together keep the first pair written.
    try {
      fs.writeFileSync(file, JSON.stringify(keys), { flag: 'wx', mode: 0o600 });
    } catch {
      keys = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
    }
  }
  cache.set(dataDir, keys);
  return keys;
}

/**
 * Pushes the first text of the delivery to the guest's browser; a click on it opens the bot's
 * /chat page (the page's service worker, server/routes/widget/chat-service-worker.ts).
 */
export async function sendWebPush(
  dataDir: string,
  subscription: string,
  replies: ChatReply[],
  botId: number,
  /** The HTTPS agent to reach the push service with (tests trust their local fake's certificate). */
  agent?: https.Agent,
): Promise<void> {
  const keys = vapidKeys(dataDir);
  const text =
    replies.map((r) => (typeof r.content === 'string' ? r.content : '')).find((t) => t.trim()) ?? '';
  await webpush.sendNotification(
    JSON.parse(subscription) as webpush.PushSubscription,
    JSON.stringify({ body: text, url: `/chat?bot_id=${botId}` }),
    {
      vapidDetails: {
        subject: 'mailto:no-reply@botflow.local',
        publicKey: keys.publicKey,
        privateKey: keys.privateKey,
      },
      TTL: 3600,
      ...(agent ? { agent } : {}),
    },
  );
}
