import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequest, tokenAnswer } from '../../../src/core/api/auth.js';
import { findProvider } from '../../repos/providers.js';
import { hashPassword, verifyPassword } from '../../repos/secrets.js';
import { issueAccessToken, revokeAccessToken, revokeAllAccessTokens } from '../../repos/tokens.js';
import { findUserByEmail } from '../../repos/users.js';
import { failures, outcome } from './fields.js';
import { INVALID_CREDENTIALS, UNKNOWN_PROVIDER } from './messages.js';
import { limitedPerMinute } from './rate-limit.js';

/** Compared against when no account matches, so a wrong e-mail costs as long as a wrong password. */
const decoyHash = hashPassword('not the password of anyone');

const login: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: limitedPerMinute(app),
      schema: {
        body: loginRequest,
        response: { 200: tokenAnswer, ...failures(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { email, password, mre_call_provider_id: providerId } = request.body;
      if (!providerId || !(await findProvider(app.db, providerId))) {
        return reply.code(400).send({ success: false, message: UNKNOWN_PROVIDER });
      }
      const user = await findUserByEmail(app.db, email);
      const passwordMatches = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
      if (!user || !passwordMatches) {
        return reply.code(401).send({ success: false, message: INVALID_CREDENTIALS });
      }
      // Unverified accounts sign in too: the app then offers only /confirm-email.
      const accessToken = await issueAccessToken(app.db, user.id);
      return { success: true, message: 'You are logged in.', access_token: accessToken };
    },
  );

  app.post(
    '/logout',
    { preHandler: app.authenticate, schema: { response: { 200: outcome, ...failures(401) } } },
    async (request) => {
      await revokeAccessToken(app.db, request.accessToken);
      return { success: true, message: 'You are logged out.' };
    },
  );

  // Sign out everywhere: a lost laptop or a shared computer is signed out too.
  app.post(
    '/logout-all',
    { preHandler: app.authenticate, schema: { response: { 200: outcome, ...failures(401) } } },
    async (request) => {
      await revokeAllAccessTokens(app.db, request.user.id);
      return { success: true, message: 'You are logged out on every device.' };
    },
  );
};

export default login;
