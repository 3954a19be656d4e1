// POST /api/import: a bot archive (see server/bots/zip.ts) becomes a new bot with its theme and
// avatars. Nothing is written until everything checked out; the rows go in one transaction and
// the files written for them are removed if it fails.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { botAnswer, botImportRequest } from '../../../src/core/api/bots.js';
import { refusals } from '../../../src/core/api/common.js';
import { defaultTheme, mergeTheme } from '../../../src/core/theme/index.js';
import { ArchiveError } from '../../bots/safe-zip.js';
import { NOT_A_ZIP, readBotArchive, type ImportedArchive } from '../../bots/zip.js';
import { createBot, languagesById } from '../../repos/bots.js';
import { saveTheme } from '../../repos/themes.js';
import { writeImportedFlows } from '../../repos/flows.js';
import { removeAvatars, saveAvatar } from '../../repos/uploads.js';
import { bytesOf } from '../../http/uploads.js';
import { planImport, type ImportPlan } from './import-plan.js';
import { fail, presentBot } from './present.js';

const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed']);

/** Writes the archive files the plan uses, once each; answers a resolver of references to URLs. */
async function writeAvatars(dataDir: string, archive: ImportedArchive, plan: ImportPlan) {
  const written = new Map<string, string>();
  try {
    for (const ref of Object.values(plan.avatars)) {
      if (!ref || !('file' in ref) || written.has(ref.file)) continue;
      const avatar = archive.avatars.get(ref.file)!;
      written.set(ref.file, await saveAvatar(dataDir, avatar.data, avatar.type));
    }
  } catch (error) {
    await removeAvatars(dataDir, written.values());
    throw error;
  }
  const urlOf = (ref: ImportPlan['avatars']['botAvatar']) =>
    !ref ? null : 'file' in ref ? (written.get(ref.file) ?? null) : ref.url;
  return { urls: [...written.values()], urlOf };
}

const importRoute: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { dataDir, publicUrl } = app.config;

  app.post(
    '/import',
    {
      onRequest: app.requireActiveUser,
      schema: {
        body: botImportRequest,
        response: { 200: botAnswer, ...refusals(400) },
      },
    },
    async (request, reply) => {
      const file = request.body.uploaded_bot_file;
      const named = file.filename.toLowerCase().endsWith('.zip');
      if (!ZIP_TYPES.has(file.mimetype) && !named) return fail(reply, 400, NOT_A_ZIP, 'uploaded_bot_file');
      let archive: ImportedArchive;
      let plan: ImportPlan;
      try {
        archive = await readBotArchive(bytesOf(file.data));
        plan = await planImport(app.db, archive);
      } catch (error) {
        if (error instanceof ArchiveError) return fail(reply, 400, error.message, error.key);
        throw error;
      }

      const { urls, urlOf } = await writeAvatars(dataDir, archive, plan);
      const theme = mergeTheme(mergeTheme(defaultTheme(), plan.theme), {
        body: {
          botAvatar: urlOf(plan.avatars.botAvatar) ?? '',
          customAvatar: urlOf(plan.avatars.themeCustomAvatar),
        },
      });
      try {
        const bot = await app.db.transaction().execute(async (trx) => {
          const customAvatar = urlOf(plan.avatars.customAvatar);
          const created = await createBot(trx, request.user.id, { ...plan.bot, customAvatar });
          await saveTheme(trx, created.id, theme);
          await writeImportedFlows(trx, created.id, plan.flows);
          return created;
        });
        const languages = await languagesById(app.db);
        return { success: true, message: 'Bot imported', bot: presentBot(bot, languages, publicUrl) };
      } catch (error) {
        await removeAvatars(dataDir, urls);
        throw error;
      }
    },
  );
};

export default importRoute;
