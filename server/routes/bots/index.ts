import type { FastifyPluginAsync } from 'fastify';
import botRoutes from './bot-routes.js';
import botUpdate from './bot-update.js';
import themeRoutes from './theme-routes.js';
import exportRoute from './export-route.js';
import importRoute from './import-route.js';

/**
 * Bots, their themes, and bot archives (spec 1 §7, spec 3 §7). Every route checks the customer
 * on request, before a body (up to a 10 MB archive) is even read.
 */
const bots: FastifyPluginAsync = async (app) => {
  await app.register(botRoutes);
  await app.register(botUpdate);
  await app.register(themeRoutes);
  await app.register(exportRoute);
  await app.register(importRoute);
};

export default bots;
