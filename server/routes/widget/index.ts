import type { FastifyPluginAsync } from 'fastify';
import widgetRoute from './widget-route.js';

/** The widget's public calls (/api/widget/…). The /chat page itself is in chat-page.ts. */
const widget: FastifyPluginAsync = async (app) => {
  await app.register(widgetRoute);
};

export default widget;
