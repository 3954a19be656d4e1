// PUT /api/bot: bot_id plus only the changed fields (spec 1 §7). The merged bot must pass
// checkBot as a whole, exactly as the dialog checked it.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTO_TRANSLATE_NEEDS_AI } from '../../../src/core/bot/auto-translate.js';
import { refusesAutoTranslate } from '../../flow-translation/auto-translate-switch.js';
import { botAnswer, botUpdateRequest } from '../../../src/core/api/bots.js';
import { refusals } from '../../../src/core/api/common.js';
import { findBot, languagesById, updateBot } from '../../repos/bots.js';
import { findTheme } from '../../repos/themes.js';
import { releaseAvatars, removeAvatars, saveAvatar } from '../../repos/uploads.js';
import { telegramTokenChange } from '../../channels/telegram/connect.js';
import { checkAvatarFile, checkBotForSave } from './bot-input.js';
import { sentBotFields } from './form-fields.js';
import { BOT_NOT_FOUND, fail, presentBot, relativeUrl, uploadsOf } from './present.js';
import { unmaskToken } from '../../../src/core/channels/mask.js';

const botUpdate: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { dataDir, publicUrl } = app.config;

  app.put(
    '/bot',
    {
      onRequest: app.requireActiveUser,
      schema: { body: botUpdateRequest, response: { 200: botAnswer, ...refusals(400, 404) } },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const current = await findBot(app.db, userId, request.body.bot_id);
      if (!current) return fail(reply, 404, BOT_NOT_FOUND);
      const theme = await findTheme(app.db, current.id);
      const sent = sentBotFields(request.body);

      // customAvatar may only be cleared ('null') or echoed back unchanged; new uploads come as
      // avatar_file, and a typed-in path could name another customer's file.
      let customAvatar: unknown = current.customAvatar;
      const wanted = sent.customAvatar;
      if (typeof wanted === 'string' && relativeUrl(wanted, publicUrl) !== current.customAvatar) {
        return fail(reply, 400, 'customAvatar is invalid', 'customAvatar');
      }
      if (wanted === null || request.body.delete_custom_avatar) customAvatar = null;
      else if (wanted !== undefined && typeof wanted !== 'string') customAvatar = wanted;

      // A token sent back masked (as every read shows it) keeps the stored one.
      for (const key of ['whatsapp_token', 'telegram_token'] as const) {
        if (typeof sent[key] === 'string') sent[key] = unmaskToken(sent[key], current[key]);
      }
      const checked = await checkBotForSave(app.db, { ...current, ...sent, customAvatar });
      if (!checked.ok) return fail(reply, 400, checked.message, checked.key);
      if (refusesAutoTranslate(app, current.auto_translate, checked.value.auto_translate)) {
        return fail(reply, 400, AUTO_TRANSLATE_NEEDS_AI, 'auto_translate');
      }
      const file = request.body.avatar_file ? checkAvatarFile(request.body.avatar_file, 'avatar_file') : null;
      if (file && !file.ok) return fail(reply, 400, file.message, file.key);
      const telegram = await telegramTokenChange(
        app.db,
        app.config,
        current.telegram_token,
        checked.value.telegram_token,
      );
      if ('refused' in telegram) return fail(reply, 400, telegram.refused, 'telegram_token');

      const uploaded = file ? await saveAvatar(dataDir, file.value.data, file.value.type) : null;
      const fields = { ...checked.value, customAvatar: uploaded ?? checked.value.customAvatar };
      let updated;
      try {
        updated = await updateBot(app.db, userId, current.id, fields);
      } catch (error) {
        await removeAvatars(dataDir, [uploaded]);
        throw error;
      }
      if (!updated) {
        // Deleted by another request in the meantime.
        await removeAvatars(dataDir, [uploaded]);
        return fail(reply, 404, BOT_NOT_FOUND);
      }
      await telegram.apply(updated.id);
      // The old custom avatar goes unless the theme still shows it.
      await releaseAvatars(dataDir, uploadsOf(current, theme), uploadsOf(updated, theme));
      const languages = await languagesById(app.db);
      return { success: true, message: 'Bot updated', bot: presentBot(updated, languages, publicUrl) };
    },
  );
};

export default botUpdate;
