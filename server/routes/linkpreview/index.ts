// POST /api/linkpreview (spec 3 §7): JSON { urls } → { metadata: { [url]: preview | null } }.
// Each page is fetched through the runtime's outbound HTTP port, which refuses private and
// loopback targets (after DNS resolution, and again on each redirect) unless
// ALLOW_PRIVATE_TARGETS=1, times out, and caps the response size. A URL that cannot be previewed
// (refused, unreachable, not HTML, an error status) gets null; the call itself still succeeds.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { linkPreviewAnswer, linkPreviewRequest as body } from '../../../src/core/api/linkpreview.js';
import { createHttpPort } from '../../adapters/http-port.js';
import type { HttpPort } from '../../runtime/ports.js';
import { readPageMeta, type PageMeta } from './page-meta.js';

/** Pages are fetched a few at a time: 20 slow sites should not hold 20 sockets at once. */
const PARALLEL_FETCHES = 5;
const TIMEOUT_MS = 8_000;
/** Real pages' heads come first, but whole pages of a few megabytes are common. */
const MAX_PAGE_BYTES = 3 * 1024 * 1024;

async function preview(http: HttpPort, url: string): Promise<PageMeta | null> {
  try {
    const response = await http.request({
      method: 'GET',
      url,
      headers: {
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
        'user-agent': 'BotFlow link preview',
      },
    });
    if (response.status < 200 || response.status >= 300) return null;
    if (!/html/i.test(response.contentType)) return null;
    return readPageMeta(response.body, url);
  } catch {
    return null;
  }
}

/** Runs `task` over the items, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

const linkPreview: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const http = createHttpPort({
    allowPrivateTargets: app.config.allowPrivateTargets,
    timeoutMs: TIMEOUT_MS,
    maxResponseBytes: MAX_PAGE_BYTES,
  });

  app.post(
    '/linkpreview',
    { onRequest: app.requireActiveUser, schema: { body, response: { 200: linkPreviewAnswer } } },
    async (request) => {
      const urls = [...new Set(request.body.urls.map((url) => url.trim()).filter((url) => url !== ''))];
      const previews = await inBatches(urls, PARALLEL_FETCHES, (url) => preview(http, url));
      const metadata: Record<string, PageMeta | null> = {};
      urls.forEach((url, index) => (metadata[url] = previews[index]));
      return { success: true, metadata };
    },
  );
};

export default linkPreview;
