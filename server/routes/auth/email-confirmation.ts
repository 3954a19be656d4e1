import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkEmailCode,
  deleteEmailCode,
  replaceEmailCode,
  type CodeCheck,
} from '../../repos/email-codes.js';
import { markEmailVerified } from '../../repos/users.js';
import { confirmationCodeMail } from '../../mail/confirmation-code.js';
import { confirmEmailRequest } from '../../../src/core/api/auth.js';
import { failures, outcome } from './fields.js';
import { ALREADY_CONFIRMED } from './messages.js';
import { limitedPerMinute } from './rate-limit.js';
import { trySendMail } from './send-mail.js';

/** What the user reads for each way a typed code can fail. */
export const CODE_FAILURES: Record<Exclude<CodeCheck, 'confirmed'>, string> = {
  invalid: 'Invalid confirmation code',
  expired: 'The confirmation code has expired. Please request a new one.',
  locked: 'Too many wrong attempts. Please request a new code.',
  missing: 'There is no pending confirmation code. Please request a new one.',
};

const emailConfirmation: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/resend-code',
    {
      config: limitedPerMinute(app),
      preHandler: app.authenticate,
      schema: { response: { 200: outcome, ...failures(400, 401, 429, 503) } },
    },
    async (request, reply) => {
      const { user } = request;
      if (user.is_email_verified) return reply.code(400).send({ success: false, message: ALREADY_CONFIRMED });
      const code = await replaceEmailCode(app.db, user.id);
      if (!(await trySendMail(app, confirmationCodeMail(user, code)))) {
        const message = 'We could not send the email right now. Please try again later.';
        return reply.code(503).send({ success: false, message });
      }
      return { success: true, message: 'A new confirmation code has been sent to your email.' };
    },
  );

  app.post(
    '/confirm-email',
    {
      config: limitedPerMinute(app),
      preHandler: app.authenticate,
      schema: {
        body: confirmEmailRequest,
        response: { 200: outcome, ...failures(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { user } = request;
      if (user.is_email_verified) return reply.code(400).send({ success: false, message: ALREADY_CONFIRMED });
      const result = await checkEmailCode(app.db, user.id, request.body.code);
      if (result !== 'confirmed')
        return reply.code(400).send({ success: false, message: CODE_FAILURES[result] });
      await app.db.transaction().execute(async (trx) => {
        await markEmailVerified(trx, user.id);
        await deleteEmailCode(trx, user.id);
      });
      return { success: true, message: 'Your email has been confirmed.' };
    },
  );
};

export default emailConfirmation;
