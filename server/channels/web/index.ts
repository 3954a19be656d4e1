import type { FastifyPluginAsync } from 'fastify';
import chatRoute from './chat-route.js';
import guestRoutes from './guest-routes.js';
import speechRoutes from './speech-routes.js';
import notificationRoutes from './notification-routes.js';

/** The chat calls of spec 3 §7 (issue 6): chatting, guest upkeep, speech. */
const chat: FastifyPluginAsync = async (app) => {
  await app.register(chatRoute);
  await app.register(guestRoutes);
  await app.register(speechRoutes);
  await app.register(notificationRoutes);
};

export default chat;
