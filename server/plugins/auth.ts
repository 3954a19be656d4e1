import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../db/schema.js';
import { findUserByToken } from '../repos/tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in customer (any account state). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler for routes that need a verified, not deleted customer. */
    requireActiveUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: User;
    accessToken: string;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export default fp(async (app) => {
  app.decorateRequest('user', null as unknown as User);
  app.decorateRequest('accessToken', '');

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    const user = token ? await findUserByToken(app.db, token, app.config.tokenTtlDays) : null;
    if (!token || !user) {
      return reply.code(401).send({ success: false, message: 'You need to log in again.' });
    }
    request.user = user;
    request.accessToken = token;
  });

  app.decorate('requireActiveUser', async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply);
    if (reply.sent) return;
    if (!request.user.is_email_verified || request.user.is_deleted) {
      return reply.code(403).send({ success: false, message: 'Please confirm your email first.' });
    }
  });
});
