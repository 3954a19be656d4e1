// GET /api/theme?bot_id= and PUT /api/theme/:botId (spec 3 §7): one theme per bot.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  themeAnswer,
  themePath,
  themeQuery,
  themeSavedAnswer,
  themeSaveRequest,
} from '../../../src/core/api/bots.js';
import { refusals } from '../../../src/core/api/common.js';
import { checkThemePatch, mergeTheme, themeSaveSchema, type Theme } from '../../../src/core/theme/index.js';
import { findBot, languagesById, updateBotThemeSettings } from '../../repos/bots.js';
import { findTheme, saveTheme } from '../../repos/themes.js';
import { isAvatarUpload, releaseAvatars, removeAvatars, saveAvatar } from '../../repos/uploads.js';
import { checkAvatarFile } from './bot-input.js';
import { BOT_NOT_FOUND, fail, presentTheme, relativeUrl, uploadsOf } from './present.js';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const themeRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { dataDir, publicUrl } = app.config;

  app.get(
    '/theme',
    {
      onRequest: app.requireActiveUser,
      schema: {
        querystring: themeQuery,
        response: { 200: themeAnswer, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const bot = await findBot(app.db, request.user.id, request.query.bot_id);
      if (!bot) return fail(reply, 404, BOT_NOT_FOUND);
      const [theme, languages] = await Promise.all([findTheme(app.db, bot.id), languagesById(app.db)]);
      return {
        success: true,
        theme: presentTheme(theme, bot, publicUrl),
        supported_languages: bot.supported_languages.flatMap((id) => languages.get(id) ?? []),
      };
    },
  );

  app.put(
    '/theme/:botId',
    {
      onRequest: app.requireActiveUser,
      schema: {
        params: themePath,
        body: themeSaveRequest,
        response: { 200: themeSavedAnswer, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      const bot = await findBot(app.db, request.user.id, request.params.botId);
      if (!bot) return fail(reply, 404, BOT_NOT_FOUND);
      const current = await findTheme(app.db, bot.id);

      const raw = parseJson(request.body.theme);
      if (raw === undefined) return fail(reply, 400, 'theme is invalid', 'theme');
      const checked = checkThemePatch(raw);
      if (!checked.valid) return fail(reply, 400, checked.errors[0].message, 'theme');
      const { language, use_stt, use_tts, use_ext_stt, use_ext_tts, ...patch } = themeSaveSchema.parse(raw);
      const settings = { language, use_stt, use_tts, use_ext_stt, use_ext_tts };
      // The default language must stay one the bot speaks.
      if (language !== undefined && !bot.supported_languages.includes(language)) {
        return fail(reply, 400, 'language is invalid', 'theme');
      }

      // An upload path typed into the theme must be one this bot already uses: it could otherwise
      // name another customer's file (which a later delete would remove).
      const owned = new Set(uploadsOf(bot, current));
      for (const key of ['botAvatar', 'customAvatar'] as const) {
        const value = patch.body?.[key];
        if (typeof value !== 'string') continue;
        const url = relativeUrl(value, publicUrl);
        if (isAvatarUpload(url) && !owned.has(url)) {
          return fail(reply, 400, `body.${key} is invalid`, 'theme');
        }
        patch.body = { ...patch.body, [key]: url };
      }

      const file = request.body.avatar ? checkAvatarFile(request.body.avatar, 'avatar') : null;
      if (file && !file.ok) return fail(reply, 400, file.message, file.key);
      const uploaded = file ? await saveAvatar(dataDir, file.value.data, file.value.type) : null;
      let theme: Theme = mergeTheme(current, patch);
      if (uploaded) theme = mergeTheme(theme, { body: { botAvatar: uploaded, customAvatar: uploaded } });
      try {
        await app.db.transaction().execute(async (trx) => {
          await saveTheme(trx, bot.id, theme);
          await updateBotThemeSettings(trx, request.user.id, bot.id, settings);
        });
      } catch (error) {
        await removeAvatars(dataDir, [uploaded]);
        throw error;
      }
      await releaseAvatars(dataDir, uploadsOf(bot, current), uploadsOf(bot, theme));
      const saved = {
        ...bot,
        ...Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)),
      };
      return { success: true, message: 'Theme saved', theme: presentTheme(theme, saved, publicUrl) };
    },
  );
};

export default themeRoutes;
