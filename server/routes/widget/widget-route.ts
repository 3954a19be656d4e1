// GET /api/widget/:botId: the public read of a bot's widget (its theme, name, avatar, languages,
// voice settings and whether the server speaks). No sign-in: guests on the bot's registered sites call it, the loader from
// the host page itself (cross-site, hence the CORS answer) and the chat app from its iframe.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { widgetAnswer, widgetPath, widgetQuery } from '../../../src/core/api/widget.js';
import { findTheme } from '../../repos/themes.js';
import { chatServiceOf } from '../../conversations/registry.js';
import { fail, presentTheme } from '../bots/present.js';
import { checkWidgetPage } from './page-check.js';
import { findPublicBot, presentWidgetBot } from './public-bot.js';

export const WIDGET_BOT_NOT_FOUND = 'Bot not found';

const widgetRoute: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/widget/:botId',
    {
      schema: {
        params: widgetPath,
        querystring: widgetQuery,
        response: { 200: widgetAnswer },
      },
    },
    async (request, reply) => {
      // Any site may ask; the answer says whether it may show the chat. Reading it cross-site is
      // what lets the loader explain a refusal in the host page's console.
      const origin = request.headers.origin;
      if (origin) reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin');
      const bot = await findPublicBot(app.db, request.params.botId);
      if (!bot) return fail(reply, 404, WIDGET_BOT_NOT_FOUND);
      const check = await checkWidgetPage(app, request, bot, request.query.page);
      if (!check.ok) return fail(reply, check.status, check.message);
      const theme = await findTheme(app.db, bot.id);
      const speaks = chatServiceOf(app).ports.speech.configured;
      return {
        success: true,
        theme: presentTheme(theme, bot, app.config.publicUrl),
        bot: await presentWidgetBot(app.db, bot, app.config.publicUrl),
        // Which server speech routes work, said once here: the chat uses the browser's voices and
        // recognition otherwise, and never calls /api/tts or /api/stt just to be told 503 (a
        // console error in the guest's browser for every reply).
        speech: { tts: speaks, stt: speaks },
      };
    },
  );
};

export default widgetRoute;
