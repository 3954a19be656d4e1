import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userInfoAnswer } from '../../../src/core/api/auth.js';
import type { User } from '../../db/schema.js';
import { defaultAvatarUrls } from '../../repos/avatars.js';
import { aiAvailable } from '../../flow-translation/auto-translate-switch.js';
import { listLanguages } from '../../repos/languages.js';
import { failures } from './fields.js';

/** Initials of first and last name, upper-case ("Ada Lovelace" → "AL"); shown in the drawer. */
export function acronymOf(user: Pick<User, 'first_name' | 'last_name'>): string {
  const initial = (name: string) => Array.from(name.trim())[0] ?? '';
  return (initial(user.first_name) + initial(user.last_name)).toUpperCase();
}

const userInfo: FastifyPluginAsyncZod = async (app) => {
  // Open to unverified and deleted accounts too: the app needs their state to route them.
  app.get(
    '/user-info',
    { preHandler: app.authenticate, schema: { response: { 200: userInfoAnswer, ...failures(401) } } },
    async (request) => {
      const { user } = request;
      return {
        success: true,
        user_info: {
          ...user,
          // Each customer is a single user here; the id the other calls scope data by.
          customer_id: user.id,
          acronym: acronymOf(user),
        },
        languages: await listLanguages(app.db),
        default_avatars: defaultAvatarUrls(app.config.publicUrl),
        llm_available: aiAvailable(app),
      };
    },
  );
};

export default userInfo;
