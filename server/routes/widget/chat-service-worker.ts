// GET /chat-sw.js: the service worker of the standalone /chat page (issue 18 item 5), served from
// the app's origin so /chat can register it (scope /chat). It shows each Web Push the server sends
// ({ body, title?, url? }) and a click brings the chat back (an open /chat tab, else a new one).
import type { FastifyPluginAsync } from 'fastify';

export const CHAT_SERVICE_WORKER = `'use strict';
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'New message', {
      body: data.body || '',
      data: { url: data.url || self.registration.scope },
    }),
  );
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((open) => {
      const tab = open.find((client) => client.url === url);
      return tab ? tab.focus() : self.clients.openWindow(url);
    }),
  );
});
`;

const chatServiceWorker: FastifyPluginAsync = async (app) => {
  app.get('/chat-sw.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      // A changed worker must reach browsers: they check for updates, this keeps caches out of it.
      .header('Cache-Control', 'no-cache')
      .send(CHAT_SERVICE_WORKER),
  );
};

export default chatServiceWorker;
