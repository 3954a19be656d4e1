// Calls about a guest the chat already has (spec 3 §7): the periodic ping, the host page's custom
// variables, and a language switch that answers the conversation re-rendered in that language.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { guestAnswer, languageAnswer } from '../../../src/core/api/chat.js';
import { readConversation } from '../../repos/conversation.js';
import { touchGuest } from '../../repos/guests.js';
import { loadChatBot } from '../../conversations/chat-bot.js';
import { ChatError, GUEST_NOT_FOUND, MAIN_FLOW } from '../../conversations/chat-service.js';
import { chatServiceOf } from '../../conversations/registry.js';
import { customVariablesBody, guestLanguageParams, guestParams } from './chat-fields.js';

export const LANGUAGE_NOT_SUPPORTED = 'This bot does not speak that language';

const guestRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ping/:guestId',
    { schema: { params: guestParams, response: { 200: guestAnswer } } },
    async (request) => {
      if (!(await touchGuest(app.db, request.params.guestId))) throw new ChatError(404, GUEST_NOT_FOUND);
      return { success: true };
    },
  );

  app.post(
    '/custom_variables/:guestId',
    { schema: { params: guestParams, body: customVariablesBody, response: { 200: guestAnswer } } },
    async (request) => {
      const custom = request.body.custom_env_variables;
      const service = chatServiceOf(app);
      await service.withGuest(request.params.guestId, null, async (guest) => {
        const session = { ...guest.session, env: { ...guest.session.env, custom } };
        await service.saveSession(guest, session);
      });
      return { success: true };
    },
  );

  app.put(
    '/language/:guestId/:languageId',
    {
      schema: {
        params: guestLanguageParams,
        response: { 200: languageAnswer },
      },
    },
    async (request) => {
      const service = chatServiceOf(app);
      const { guestId, languageId } = request.params;
      const code = (await service.languageCodes()).get(languageId);
      if (!code) throw new ChatError(404, 'Language not found');
      const language = await service.withGuest(guestId, null, async (guest) => {
        const bot = await loadChatBot(app.db, guest.botId, MAIN_FLOW);
        if (!bot?.supportedLanguages.includes(languageId) && bot?.language !== languageId) {
          throw new ChatError(400, LANGUAGE_NOT_SUPPORTED);
        }
        // The guest's own choice: later messages and restarts keep it.
        await service.saveSession(guest, {
          ...guest.session,
          language: code,
          preferredLanguage: code,
          languageChosen: true,
        });
        return code;
      });
      return { success: true, language, conversation: await readConversation(app.db, guestId, language) };
    },
  );
};

export default guestRoutes;
