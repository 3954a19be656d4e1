import type { FastifyPluginAsync } from 'fastify';
import flowRoutes from './flow-routes.js';
import templateRoutes from './template-routes.js';
import versionRoutes from './version-routes.js';

/** A bot's main flow and its flow templates (spec 2 §7, issue 4). */
const flow: FastifyPluginAsync = async (app) => {
  await app.register(flowRoutes);
  await app.register(templateRoutes);
  await app.register(versionRoutes);
};

export default flow;
