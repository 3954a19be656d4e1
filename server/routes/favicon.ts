// GET /favicon.ico: browsers ask for it on every page that names no icon (/chat, the widget's
// iframe, an old bookmark of the app). Served from the source tree, so it answers even before
// the app is built; the app's pages also name the SVG icon.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

export const FAVICON_FILE = path.join(import.meta.dirname, '..', 'assets', 'favicon.ico');

const favicon: FastifyPluginAsync = async (app) => {
  let icon: Buffer | null = null;
  app.get('/favicon.ico', async (_request, reply) => {
    icon ??= await fs.readFile(FAVICON_FILE);
    return reply.type('image/x-icon').header('Cache-Control', 'public, max-age=86400').send(icon);
  });
};

export default favicon;
