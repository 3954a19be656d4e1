import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

// The response schema doubles as an allow-list: nothing else of the user row (its password hash)
// can leave, whatever the query selects.
const userInfoResponse = z.object({
  success: z.boolean(),
  user_info: z.object({
    id: z.number(),
    customer_id: z.number(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    acronym: z.string(),
    is_email_verified: z.number(),
    is_deleted: z.number(),
  }),
  languages: z.array(z.object({ id: z.number(), name: z.string(), code: z.string(), is_rtl: z.number() })),
  default_avatars: z.array(z.string()),
  /** Whether the server has an AI endpoint (LLM_BASE_URL): the bot dialog's translate switch needs it. */
  llm_available: z.boolean(),
});

const userInfo: FastifyPluginAsyncZod = async (app) => {
  // Open to unverified and deleted accounts too: the app needs their state to route them.
  app.get(
    '/user-info',
    { preHandler: app.authenticate, schema: { response: { 200: userInfoResponse, ...failures(401) } } },
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
