import type { FastifyPluginAsync } from 'fastify';
import relayRoute from './relay-route.js';

/** The widget's way to the call provider (/api/call-provider/…), the provider's token added here. */
const callProvider: FastifyPluginAsync = async (app) => {
  await app.register(relayRoute);
};

export default callProvider;
