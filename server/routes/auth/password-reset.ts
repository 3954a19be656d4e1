import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordRequest, resetPasswordRequest, verifyUserParams } from '../../../src/core/api/auth.js';
import {
  consumePasswordReset,
  createPasswordReset,
  isPasswordResetValid,
} from '../../repos/password-resets.js';
import { hashPassword } from '../../repos/secrets.js';
import { changePassword, findUserByEmail } from '../../repos/users.js';
import { passwordResetMail } from '../../mail/password-reset.js';
import { failures, outcome } from './fields.js';
import { RESET_LINK_INVALID, RESET_LINK_SENT } from './messages.js';
import { limitedPerMinute } from './rate-limit.js';
import { trySendMail } from './send-mail.js';

/** Ids are PostgreSQL integers: anything that is not one cannot name a user (and must not reach SQL). */
function parseUserId(value: string | number): number | null {
  const id = Number(value);
  return /^\d{1,10}$/.test(String(value)) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

const passwordReset: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/request-password',
    {
      config: limitedPerMinute(app),
      schema: {
        body: passwordRequest,
        response: { 200: outcome, ...failures(400, 429) },
      },
    },
    async (request) => {
      // The answer is the same whether or not the account exists: it must not reveal who is a customer.
      const user = await findUserByEmail(app.db, request.body.email);
      if (user) {
        const secret = await createPasswordReset(app.db, user.id);
        const link = `${app.config.publicUrl}/reset-password/${user.id}/${secret}`;
        await trySendMail(app, passwordResetMail(user, link));
      }
      return { success: true, message: RESET_LINK_SENT };
    },
  );

  app.post(
    '/verify-user/:user_id/:token',
    {
      config: limitedPerMinute(app),
      schema: {
        params: verifyUserParams,
        response: { 200: outcome, ...failures(400, 429) },
      },
    },
    async (request, reply) => {
      const userId = parseUserId(request.params.user_id);
      if (userId === null || !(await isPasswordResetValid(app.db, userId, request.params.token))) {
        return reply.code(400).send({ success: false, message: RESET_LINK_INVALID });
      }
      return { success: true, message: 'Your reset link is valid. Please choose a new password.' };
    },
  );

  app.post(
    '/reset-password',
    {
      config: limitedPerMinute(app),
      schema: {
        body: resetPasswordRequest,
        response: { 200: outcome, ...failures(400, 429) },
      },
    },
    async (request, reply) => {
      const invalidLink = () => reply.code(400).send({ success: false, message: RESET_LINK_INVALID });
      const userId = parseUserId(request.body.user_id);
      const { token: secret, password } = request.body;
      if (userId === null || !(await isPasswordResetValid(app.db, userId, secret))) return invalidLink();
      // Hashed outside the transaction: scrypt is slow and SQLite has a single writer.
      const passwordHash = await hashPassword(password);
      const changed = await app.db.transaction().execute(async (trx) => {
        if (!(await consumePasswordReset(trx, userId, secret))) return false;
        await changePassword(trx, userId, passwordHash);
        return true;
      });
      if (!changed) return invalidLink();
      return { success: true, message: 'Your password has been reset.' };
    },
  );
};

export default passwordReset;
