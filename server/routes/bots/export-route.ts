// POST /api/export: the bot, its theme and its uploaded avatars as one zip (spec 1 §3, §7).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { botFieldsSchema } from '../../../src/core/bot/schema.js';
import { buildBotArchive } from '../../bots/zip.js';
import { findBot } from '../../repos/bots.js';
import { readFlowsForExport } from '../../repos/flows.js';
import { findTheme } from '../../repos/themes.js';
import { readAvatar } from '../../repos/uploads.js';
import { botExportRequest } from '../../../src/core/api/bots.js';
import { BOT_NOT_FOUND, fail } from './present.js';

/** A download name that is safe in a header on every system. */
function archiveName(botName: string): string {
  const safe = botName.replace(/[^a-z0-9_-]+/gi, '_').replace(/^_+|_+$/g, '') || 'bot';
  return `dfd_bot_${safe.slice(0, 60)}.zip`;
}

const exportRoute: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/export',
    {
      onRequest: app.requireActiveUser,
      schema: { body: botExportRequest },
    },
    async (request, reply) => {
      const bot = await findBot(app.db, request.user.id, request.body.bot_id);
      if (!bot) return fail(reply, 404, BOT_NOT_FOUND);
      const theme = await findTheme(app.db, bot.id);
      const zip = await buildBotArchive({
        // Only the bot's own fields: no id, owner or times.
        bot: botFieldsSchema.parse(bot),
        theme,
        readUpload: (url) => readAvatar(app.config.dataDir, url),
        // The main flow and the flow templates travel with the bot.
        sections: { ...(await readFlowsForExport(app.db, bot.id)) },
      });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${archiveName(bot.name)}"`)
        .send(zip);
    },
  );
};

export default exportRoute;
