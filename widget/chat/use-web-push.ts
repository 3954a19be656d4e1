// "Get notified" (issue 18 item 5). On the standalone /chat page the guest subscribes this browser
// to Web Push: a small service worker from the app's origin shows the pushes, the subscription
// (made with the server's VAPID key) goes to the guest's notification settings. Inside the
// embedded widget a push subscription would belong to the app's origin in a third-party frame,
// which browsers refuse or partition, so the control opens /chat in a tab of its own instead.
import { useCallback, useEffect, useState } from 'react';
import type { ChatClient } from './chat-api';

export const SERVICE_WORKER = '/chat-sw.js';
const SCOPE = '/chat';

/** How the chat offers notifications: the /chat page subscribes, the widget opens /chat. */
export type GetNotifiedBy = 'web-push' | 'open-chat';

export interface GetNotified {
  label: string;
  onClick(): void;
}

const canPush = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined';

/** The VAPID public key (base64url) as the bytes pushManager.subscribe wants. */
function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(key.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission, then subscribes. 'blocked': the guest (or the browser's settings) said no;
 * 'unavailable': allowed, but the browser has no push service to subscribe with (some browsers,
 * private windows) — a different thing to tell the guest than "blocked".
 */
async function subscribe(client: ChatClient, guestId: string): Promise<'on' | 'blocked' | 'unavailable'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'blocked';
  const answer = await client.notifications(guestId);
  if (!answer) return 'unavailable';
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER, { scope: SCOPE });
  await navigator.serviceWorker.ready;
  let subscription;
  try {
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(answer.push_key),
      }));
  } catch {
    return 'unavailable';
  }
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return 'unavailable';
  const saved = await client.notifications(guestId, {
    enabled: true,
    push_subscription: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } },
  });
  return saved ? 'on' : 'unavailable';
}

export function useWebPush(
  client: ChatClient,
  guestId: string | null,
  botId: number | string,
  by: GetNotifiedBy | undefined,
): GetNotified | null {
  const embedded = by === 'open-chat';
  const [state, setState] = useState<'offer' | 'asking' | 'on' | 'blocked' | 'unavailable'>('offer');
  // A browser already subscribed (an earlier visit) shows no offer.
  useEffect(() => {
    if (by !== 'web-push' || !canPush()) return;
    void navigator.serviceWorker
      .getRegistration(SCOPE)
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => subscription && setState('on'))
      .catch(() => undefined);
  }, [by]);
  const open = useCallback(() => {
    window.open(new URL(`/chat?bot_id=${encodeURIComponent(String(botId))}`, location.href).href, '_blank');
  }, [botId]);
  const ask = useCallback(() => {
    if (!guestId) return;
    setState('asking');
    subscribe(client, guestId)
      .then(setState)
      .catch(() => setState('unavailable'));
  }, [client, guestId]);

  if (!guestId || !by) return null;
  if (embedded) return { label: 'Get notified', onClick: open };
  if (!canPush() || state === 'on') return null;
  if (state === 'blocked') return { label: 'Notifications are blocked in this browser', onClick: ask };
  if (state === 'unavailable')
    return { label: 'Notifications are not available in this browser', onClick: ask };
  return { label: state === 'asking' ? 'Asking…' : 'Get notified', onClick: ask };
}
