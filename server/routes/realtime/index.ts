import type { FastifyPluginAsync } from 'fastify';
import realtimeRoutes from './realtime-routes.js';

/** Realtime AI voice turns for the widget (/api/realtime/…). */
const realtime: FastifyPluginAsync = async (app) => {
  await app.register(realtimeRoutes);
};

export default realtime;
