import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { providersAnswer } from '../../../src/core/api/auth.js';
import { listProviders } from '../../repos/providers.js';

const providers: FastifyPluginAsyncZod = async (app) => {
  // Public: visitors choose a provider before they have an account.
  app.get('/providers', { schema: { response: { 200: providersAnswer } } }, async () =>
    listProviders(app.db),
  );
};

export default providers;
