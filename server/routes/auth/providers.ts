import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listProviders } from '../../repos/providers.js';

// Endpoint and profile id stay on the server: the picker only shows and selects providers.
const providerCard = z.object({
  mre_call_provider_id: z.string(),
  name: z.string(),
  description: z.string(),
  config: z.string(),
  icon_url: z.string().nullable(),
  account_id: z.string().nullable(),
});

const providers: FastifyPluginAsyncZod = async (app) => {
  // Public: visitors choose a provider before they have an account.
  app.get('/providers', { schema: { response: { 200: z.array(providerCard) } } }, async () =>
    listProviders(app.db),
  );
};

export default providers;
