// A server told to stop (SIGTERM on a deploy, app.close() in tests) lets the requests in flight
// finish, but a browser's keep-alive connection that was busy at that moment would stay open
// until it times out (72 s) and hold the shutdown with it. So every answer sent while closing
// says `Connection: close`, and its connection ends with it.
import fp from 'fastify-plugin';

export default fp(async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook: this runs for every answer, and needs no promise of its own.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
});
