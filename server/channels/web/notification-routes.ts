// A guest's notification settings (issue 18 item 5), called by the widget with the guest id it
// holds (as the other guest calls): the launcher reads the unread count on a returning visit and
// clears it on open; the chat menu switches notifications off and on; the widget reports the
// browser's time zone; the standalone /chat page registers its Web Push subscription.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../../src/core/api/common.js';
import { guestNotificationsAnswer, guestNotificationsInput } from '../../../src/core/api/notifications.js';
import { isTimeZone } from '../../../src/core/notifications/index.js';
import { findGuest } from '../../repos/guests.js';
import { ChatError, GUEST_NOT_FOUND } from '../../conversations/chat-service.js';
import { guestSettings, setGuestSettings } from '../../notifications/guest-settings.js';
import { vapidKeys } from '../../notifications/web-push.js';
import { guestParams } from './chat-fields.js';

const notificationRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const answer = async (guestId: string) => {
    const settings = await guestSettings(app.db, guestId);
    return {
      success: true,
      enabled: !settings?.off,
      unread: settings?.unread ?? 0,
      push_key: vapidKeys(app.config.dataDir).publicKey,
    };
  };

  app.get(
    '/chat/notifications/:guestId',
    { schema: { params: guestParams, response: { 200: guestNotificationsAnswer, ...refusals(404) } } },
    async (request, reply) => {
      if (!(await findGuest(app.db, request.params.guestId))) throw new ChatError(404, GUEST_NOT_FOUND);
      // The launcher asks from the host page (a simple cross-site GET); the guest id is the secret.
      const origin = request.headers.origin;
      if (origin) reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin');
      return answer(request.params.guestId);
    },
  );

  app.put(
    '/chat/notifications/:guestId',
    {
      schema: {
        params: guestParams,
        body: guestNotificationsInput,
        response: { 200: guestNotificationsAnswer, ...refusals(400, 404) },
      },
    },
    async (request) => {
      const { guestId } = request.params;
      if (!(await findGuest(app.db, guestId))) throw new ChatError(404, GUEST_NOT_FOUND);
      const { enabled, seen, timezone, push_subscription } = request.body;
      if (timezone !== undefined && !isTimeZone(timezone)) throw new ChatError(400, 'Unknown time zone');
      await setGuestSettings(app.db, guestId, {
        ...(enabled !== undefined ? { off: !enabled } : {}),
        ...(seen ? { unread: 0 } : {}),
        ...(timezone !== undefined ? { timezone } : {}),
        ...(push_subscription !== undefined
          ? { webPush: push_subscription ? JSON.stringify(push_subscription) : null }
          : {}),
      });
      // A new zone moves the guest's node subscriptions: the tick places them again.
      if (timezone !== undefined) {
        await app.db
          .updateTable('notification_subscriptions')
          .set({ next_run_at: null })
          .where('guest_id', '=', guestId)
          .execute();
      }
      return answer(guestId);
    },
  );
};

export default notificationRoutes;
