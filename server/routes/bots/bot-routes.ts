// GET, POST and DELETE /api/bot (spec 1 §7).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTO_TRANSLATE_NEEDS_AI } from '../../../src/core/bot/auto-translate.js';
import { botAnswer, botCreateRequest, botListAnswer, botPath } from '../../../src/core/api/bots.js';
import { doneAnswer, refusals } from '../../../src/core/api/common.js';
import { newBotFields } from '../../../src/core/bot/types.js';
import { defaultTheme } from '../../../src/core/theme/index.js';
import { refusesAutoTranslate } from '../../flow-translation/auto-translate-switch.js';
import { createBot, deleteBot, findBot, languagesById, listBots } from '../../repos/bots.js';
import { contentFilesOfBot } from '../../repos/content.js';
import { removeContentFiles } from '../../repos/content-files.js';
import { findTheme, saveTheme } from '../../repos/themes.js';
import { removeAvatars, saveAvatar } from '../../repos/uploads.js';
import { deleteTelegramWebhook, telegramTokenChange } from '../../channels/telegram/connect.js';
import { checkAvatarFile, checkBotForSave } from './bot-input.js';
import { sentBotFields } from './form-fields.js';
import { BOT_NOT_FOUND, fail, presentBot, uploadsOf } from './present.js';

const botRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { dataDir, publicUrl } = app.config;

  app.get(
    '/bot',
    { onRequest: app.requireActiveUser, schema: { response: { 200: botListAnswer } } },
    async (request) => {
      const [bots, languages] = await Promise.all([listBots(app.db, request.user.id), languagesById(app.db)]);
      return {
        success: true,
        message: bots.length ? 'Bots loaded' : 'No bots yet',
        bots: bots.map((bot) => presentBot(bot, languages, publicUrl)),
      };
    },
  );

  app.post(
    '/bot',
    {
      onRequest: app.requireActiveUser,
      schema: {
        body: botCreateRequest,
        response: { 200: botAnswer, ...refusals(400) },
      },
    },
    async (request, reply) => {
      const sent = sentBotFields(request.body);
      // A new bot's uploaded avatar comes as avatar_file; a typed-in path could name anyone's file.
      if (sent.customAvatar !== undefined && sent.customAvatar !== null) {
        return fail(reply, 400, 'customAvatar is invalid', 'customAvatar');
      }
      const checked = await checkBotForSave(app.db, { ...newBotFields(), ...sent, customAvatar: null });
      if (!checked.ok) return fail(reply, 400, checked.message, checked.key);
      if (refusesAutoTranslate(app, false, checked.value.auto_translate)) {
        return fail(reply, 400, AUTO_TRANSLATE_NEEDS_AI, 'auto_translate');
      }
      const file = request.body.avatar_file ? checkAvatarFile(request.body.avatar_file, 'avatar_file') : null;
      if (file && !file.ok) return fail(reply, 400, file.message, file.key);
      const telegram = await telegramTokenChange(app.db, app.config, '', checked.value.telegram_token);
      if ('refused' in telegram) return fail(reply, 400, telegram.refused, 'telegram_token');

      // The file is written only once everything is valid, and removed if the insert fails.
      const customAvatar = file ? await saveAvatar(dataDir, file.value.data, file.value.type) : null;
      try {
        const bot = await app.db.transaction().execute(async (trx) => {
          const created = await createBot(trx, request.user.id, { ...checked.value, customAvatar });
          await saveTheme(trx, created.id, defaultTheme());
          return created;
        });
        await telegram.apply(bot.id);
        const languages = await languagesById(app.db);
        return { success: true, message: 'Bot created', bot: presentBot(bot, languages, publicUrl) };
      } catch (error) {
        await removeAvatars(dataDir, [customAvatar]);
        throw error;
      }
    },
  );

  app.delete(
    '/bot/:id',
    {
      onRequest: app.requireActiveUser,
      schema: { params: botPath, response: { 200: doneAnswer, ...refusals(404) } },
    },
    async (request, reply) => {
      const bot = await findBot(app.db, request.user.id, request.params.id);
      if (!bot) return fail(reply, 404, BOT_NOT_FOUND);
      const theme = await findTheme(app.db, bot.id);
      const contentFiles = await contentFilesOfBot(app.db, bot.id);
      await deleteBot(app.db, request.user.id, bot.id);
      // Telegram would go on posting the bot's updates to a webhook that no longer answers them.
      if (bot.telegram_token) await deleteTelegramWebhook(app.config, bot.telegram_token);
      // The rows are gone; now their files, which nothing else refers to.
      await removeAvatars(dataDir, uploadsOf(bot, theme));
      await removeContentFiles(dataDir, contentFiles);
      return { success: true, message: 'Bot deleted' };
    },
  );
};

export default botRoutes;
