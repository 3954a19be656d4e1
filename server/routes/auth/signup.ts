import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signupRequest, tokenAnswer } from '../../../src/core/api/auth.js';
import { replaceEmailCode } from '../../repos/email-codes.js';
import { findProvider } from '../../repos/providers.js';
import { hashPassword } from '../../repos/secrets.js';
import { issueAccessToken } from '../../repos/tokens.js';
import { createUser, findTakenField, isUniqueViolation, type TakenField } from '../../repos/users.js';
import { confirmationCodeMail } from '../../mail/confirmation-code.js';
import { failures } from './fields.js';
import { UNKNOWN_PROVIDER } from './messages.js';
import { limitedPerMinute } from './rate-limit.js';
import { trySendMail } from './send-mail.js';

const TAKEN: Record<TakenField, string> = {
  email: 'An account with this email already exists.',
  username: 'This username is already taken.',
};

const signup: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/signup',
    {
      config: limitedPerMinute(app),
      schema: {
        body: signupRequest,
        response: { 200: tokenAnswer, ...failures(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { password, ...fields } = request.body;
      const provider =
        fields.mre_call_provider_id && (await findProvider(app.db, fields.mre_call_provider_id));
      if (!provider) return reply.code(400).send({ success: false, message: UNKNOWN_PROVIDER });

      // Stored lower-case: mail providers ignore the case of addresses, so sign-in does too.
      const candidate = { email: fields.email.toLowerCase(), username: fields.username };
      const conflict = (key: TakenField) =>
        reply.code(409).send({ success: false, message: TAKEN[key], key });
      const taken = await findTakenField(app.db, candidate);
      if (taken) return conflict(taken);

      const passwordHash = await hashPassword(password);
      let created: { accessToken: string; code: string };
      try {
        // One transaction: an account never exists without its token and confirmation code.
        created = await app.db.transaction().execute(async (trx) => {
          const userId = await createUser(trx, {
            first_name: fields.first_name,
            last_name: fields.last_name,
            ...candidate,
            password_hash: passwordHash,
            mre_call_provider_id: provider.mre_call_provider_id,
            mre_call_provider_name: fields.mre_call_provider_name ?? provider.name,
            mre_call_profile_id: fields.mre_call_profile_id ?? provider.profile_id,
            mre_call_endpoint: fields.mre_call_endpoint ?? provider.endpoint,
          });
          return {
            accessToken: await issueAccessToken(trx, userId),
            code: await replaceEmailCode(trx, userId),
          };
        });
      } catch (error) {
        // Two sign-ups with the same name can both pass the check above; the index decides.
        const lostRace = isUniqueViolation(error) ? await findTakenField(app.db, candidate) : null;
        if (lostRace) return conflict(lostRace);
        throw error;
      }

      const sent = await trySendMail(
        app,
        confirmationCodeMail({ email: candidate.email, first_name: fields.first_name }, created.code),
      );
      return {
        success: true,
        access_token: created.accessToken,
        message: sent
          ? 'Your account has been created. We sent a confirmation code to your email.'
          : 'Your account has been created, but the confirmation code could not be sent. Please use Resend.',
      };
    },
  );
};

export default signup;
