import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import favicon from '../routes/favicon.js';
import chatPage from '../routes/widget/chat-page.js';
import chatServiceWorker from '../routes/widget/chat-service-worker.js';

/**
 * Serves the built app (`dist/app`) and widget (`dist/widget`). Client routes such as /bots or
 * /reset-password/1/abc have no file, so any GET that accepts HTML falls back to the app's
 * index.html; unknown /api paths stay JSON 404s.
 */
export default fp(async (app, opts: { config: Config }) => {
  const appDir = path.join(opts.config.distDir, 'app');
  const widgetDir = path.join(opts.config.distDir, 'widget');
  const hasApp = fs.existsSync(path.join(appDir, 'index.html'));
  if (!hasApp) app.log.warn(`No built app in ${appDir}: run "npm run build" to serve the interface.`);

  if (hasApp) await app.register(fastifyStatic, { root: appDir, prefix: '/', wildcard: false });
  if (fs.existsSync(widgetDir)) {
    await app.register(fastifyStatic, { root: widgetDir, prefix: '/widget/', decorateReply: !hasApp });
  }

  // The standalone chat page (/chat), served with its frame-ancestors policy, its Web Push
  // service worker, and the icon it and the app share.
  await app.register(chatPage, { config: opts.config });
  await app.register(chatServiceWorker);
  await app.register(favicon);

  // Uploaded avatars (server/repos/uploads.ts): random names, types read from the content, and
  // nosniff so a browser never treats one as anything but the image it is.
  const uploadsDir = path.join(opts.config.dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    setHeaders: (res) => res.header('X-Content-Type-Options', 'nosniff'),
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/');
    if (hasApp && wantsPage && (request.headers.accept ?? '').includes('text/html')) {
      return reply.type('text/html').sendFile('index.html', appDir);
    }
    return reply
      .code(404)
      .send({ success: false, message: `Route ${request.method} ${request.url} not found` });
  });
});
