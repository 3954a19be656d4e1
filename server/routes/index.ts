import type { FastifyPluginAsync } from 'fastify';
import health from './health.js';
import auth from './auth/index.js';
import bots from './bots/index.js';
import flow from './flow/index.js';
import widget from './widget/index.js';
import channels from '../channels/index.js';
import realtime from './realtime/index.js';
import callProvider from './call-provider/index.js';
import content from './content/index.js';
import linkPreview from './linkpreview/index.js';
import notification from './notification/index.js';
import analytics from './analytics/index.js';
import knowledge from './knowledge/index.js';

/** Every /api route, one plugin per area; the folder is the URL. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(health);
  await app.register(auth);
  await app.register(bots);
  await app.register(flow);
  await app.register(widget);
  await app.register(channels);
  await app.register(realtime);
  await app.register(callProvider);
  await app.register(content);
  await app.register(linkPreview);
  await app.register(notification);
  await app.register(analytics);
  await app.register(knowledge);
};

export default routes;
