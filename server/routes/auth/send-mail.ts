import type { FastifyInstance } from 'fastify';
import type { Mail } from '../../plugins/mail.js';

/**
 * Sends a mail and answers whether it left. A mail server that is down must not undo what the
 * request already did (an account created, a code stored): the caller tells the user instead.
 */
export async function trySendMail(app: FastifyInstance, mail: Mail): Promise<boolean> {
  try {
    await app.mailer.send(mail);
    return true;
  } catch (error) {
    app.log.error({ err: error, subject: mail.subject }, 'mail could not be sent');
    return false;
  }
}
