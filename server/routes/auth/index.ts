import type { FastifyPluginAsync } from 'fastify';
import emailConfirmation from './email-confirmation.js';
import login from './login.js';
import passwordReset from './password-reset.js';
import providers from './providers.js';
import { accountRateLimit } from './rate-limit.js';
import signup from './signup.js';
import userInfo from './user-info.js';

/** The account calls (spec 1 §7, spec 3 §7): providers, sign-up and sign-in, e-mail, passwords. */
const auth: FastifyPluginAsync = async (app) => {
  await app.register(accountRateLimit);
  await app.register(providers);
  await app.register(login);
  await app.register(signup);
  await app.register(emailConfirmation);
  await app.register(passwordReset);
  await app.register(userInfo);
};

export default auth;
