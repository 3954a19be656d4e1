import type { FastifyPluginAsync } from 'fastify';
import { createHttpPort } from '../../adapters/http-port.js';
import { createEmbedder } from '../../knowledge/embeddings.js';
import { INGEST_JOB, runIngest, type IngestPayload } from '../../knowledge/ingest.js';
import { MAX_PAGE_BYTES, PAGE_TIMEOUT_MS } from '../../knowledge/web-page.js';
import itemRoutes from './item-routes.js';
import listRoutes from './list-routes.js';
import processRoutes from './process-routes.js';
import searchRoutes from './search-routes.js';

/** Knowledge sources (spec 3 §7, issue 17): the calls, and the ingestion job they enqueue. */
const knowledge: FastifyPluginAsync = async (app) => {
  const embedder = createEmbedder(app.config);
  const http = createHttpPort({
    allowPrivateTargets: app.config.allowPrivateTargets,
    allowedHosts: app.config.allowedPrivateHosts,
    timeoutMs: PAGE_TIMEOUT_MS,
    maxResponseBytes: MAX_PAGE_BYTES,
    maxRedirects: 5,
  });
  app.jobs.register<IngestPayload>(INGEST_JOB, {
    run: (payload) =>
      runIngest(
        {
          db: app.db,
          http,
          embedder,
          dataDir: app.config.dataDir,
          youtubeBaseUrl: app.config.youtubeBaseUrl,
        },
        payload,
      ),
  });
  await app.register(listRoutes);
  await app.register(processRoutes);
  await app.register(itemRoutes);
  await app.register(searchRoutes, { embedder });
};

export default knowledge;
