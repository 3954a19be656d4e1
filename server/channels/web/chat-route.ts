// POST /api/chat (spec 3 §7): one guest message in, the bot's replies out. The first call has no
// guest_id and gets a new one; later calls send it back. With ignore_saving (the chat's 'Hello'
// on opening) the message is not stored, and a returning guest is answered with the stored
// conversation (old_conversation) instead of a new turn, so a reload restores the chat.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatAnswer } from '../../../src/core/api/chat.js';
import { loadChatBot, type ChatBot } from '../../conversations/chat-bot.js';
import { MAX_CHAT_FILE_BYTES, saveChatFile } from '../../conversations/chat-files.js';
import { ChatError, MAIN_FLOW } from '../../conversations/chat-service.js';
import { chatServiceOf } from '../../conversations/registry.js';
import type { GuestFile } from '../../runtime/replies.js';
import { authorizeChat, bearerToken, languageCodeOf } from './chat-access.js';
import { chatBody, chatQuery } from './chat-fields.js';
import { useChatFormParser } from './chat-form.js';
import { bytesOf } from '../../http/uploads.js';

export const FILE_TOO_LARGE = `The file is too large: ${MAX_CHAT_FILE_BYTES / 1024 / 1024} MB at most`;
export const FILE_TYPE_REFUSED = 'Only gif, jpeg, png and pdf files are accepted';

function botIdOf(query: number | undefined, body: string | number | undefined): number {
  if (query !== undefined) return query;
  if (body === undefined || body === '') throw new ChatError(400, 'bot_id is required');
  if (!/^\d{1,9}$/.test(String(body).trim())) throw new ChatError(400, 'bot_id is invalid');
  return Number(body);
}

const chatRoute: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // This scope's multipart bodies skip busboy (see chat-form.ts); the other routes keep it.
  useChatFormParser(fastify);

  app.post(
    '/chat',
    { schema: { querystring: chatQuery, body: chatBody, response: { 200: chatAnswer } } },
    async (request) => {
      const body = request.body;
      const service = chatServiceOf(app);
      const targetTemplate = body.target_template?.trim() || null;
      const botId = botIdOf(request.query.bot_id, body.bot_id);
      const authorize = (bot: ChatBot | null) => authorizeChat(app, request, bot);
      const language = languageCodeOf(body.language, await service.languageCodes());

      let file: GuestFile | null = null;
      if (body.file) {
        // Nothing is stored for a caller who may not chat with this bot.
        await authorize(await loadChatBot(app.db, botId, targetTemplate ?? MAIN_FLOW));
        if (body.file.data.length > MAX_CHAT_FILE_BYTES) throw new ChatError(413, FILE_TOO_LARGE);
        if (!body.file.data.length) throw new ChatError(400, 'The file is empty');
        file = await saveChatFile(app.config.dataDir, app.config.publicUrl, {
          ...body.file,
          data: bytesOf(body.file.data),
        });
        if (!file) throw new ChatError(415, FILE_TYPE_REFUSED);
      }
      const text = body.message ?? '';
      if (!text.trim() && !file) throw new ChatError(400, 'message is required');

      const answer = await service.chat(
        botId,
        {
          guestId: body.guest_id ?? null,
          text,
          file,
          language,
          ignoreSaving: body.ignore_saving ?? false,
          targetTemplate,
          courseId: body.course_id,
          custom: body.custom_env_variables ?? null,
          // The emulator's channel switch (the author's own token): a widget's guest stays on web.
          ...(body.environment && bearerToken(request) ? { environment: body.environment } : {}),
        },
        authorize,
      );
      return {
        success: true,
        guest_id: answer.guestId,
        reply: answer.replies,
        old_conversation: answer.oldConversation,
        language: answer.language,
      };
    },
  );
};

export default chatRoute;
