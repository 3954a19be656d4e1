// POST /api/process-file, /api/process-link, /api/process-video (spec 3 §7): a new source is
// stored as queued and its ingestion job enqueued; the answer is the item as the lists show it.
// A refused upload (type, size) or address answers 4xx with a message and stores nothing.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../../src/core/api/common.js';
import { fileSavedAnswer, linkSavedAnswer, videoSavedAnswer } from '../../../src/core/api/knowledge.js';
import {
  processFileRequest as fileBody,
  processLinkRequest as linkBody,
  processVideoRequest as videoBody,
} from '../../../src/core/api/knowledge-requests.js';
import {
  isKnowledgeLink,
  isYoutubeLink,
  knowledgeFileType,
  LINK_NAME_FALLBACK,
  MAX_KNOWLEDGE_FILE_BYTES,
  MAX_PLAIN_TEXT_CHARS,
  normaliseTextTitle,
  ONLY_PDF_OR_TXT,
} from '../../../src/core/knowledge/index.js';
import { bytesOf, type UploadedFile } from '../../http/uploads.js';
import { insertSource, presentFile, presentLink, presentVideo } from '../../knowledge/sources.js';
import { fail } from '../bots/present.js';
import { enqueueIngest, ownCustomer, storeKnowledgeFile } from './access.js';

/** Tags as a JSON list or comma-joined text. */
function tagsOf(raw: string | undefined): string[] {
  if (!raw?.trim()) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (Array.isArray(parsed)) return parsed.map(String).filter(Boolean).slice(0, 50);
  } catch {
    // comma-joined
  }
  return raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 50);
}

/** The bytes must be what the name says: a PDF starts with %PDF-, a TXT is UTF-8 text. */
function checkedUpload(file: UploadedFile): { type: 'pdf' | 'txt' } | { message: string; status: number } {
  if (!file.data.length) return { status: 400, message: 'The file is empty' };
  if (file.data.length > MAX_KNOWLEDGE_FILE_BYTES) {
    return {
      status: 413,
      message: `The file is too large (${MAX_KNOWLEDGE_FILE_BYTES / 1024 / 1024} MB at most)`,
    };
  }
  const type = knowledgeFileType(file.filename);
  const data = bytesOf(file.data);
  if (type === 'pdf' && data.subarray(0, 5).toString('latin1') === '%PDF-') return { type };
  if (type === 'txt' && !data.includes(0) && Buffer.from(data.toString('utf8')).equals(data)) {
    return { type };
  }
  return { status: 400, message: ONLY_PDF_OR_TXT };
}

const processRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireActiveUser };
  const { dataDir } = app.config;

  app.post(
    '/process-file',
    { ...auth, schema: { body: fileBody, response: { 200: fileSavedAnswer, ...refusals(400, 403, 413) } } },
    async (request, reply) => {
      const { body } = request;
      if (!(await ownCustomer(request, reply, body.customer_id))) return reply;
      const language = await app.db
        .selectFrom('languages')
        .select('id')
        .where('id', '=', body.language)
        .executeTakeFirst();
      if (!language) return fail(reply, 400, 'language is invalid', 'language');
      let data: Buffer;
      let type: 'pdf' | 'txt';
      let filename: string;
      if (body.file) {
        const checked = checkedUpload(body.file);
        if ('message' in checked) return fail(reply, checked.status, checked.message, 'file');
        data = bytesOf(body.file.data);
        type = checked.type;
        filename = body.file.filename.split(/[\\/]/).pop()!.slice(0, 200);
      } else {
        const title = normaliseTextTitle(body.text_title ?? '');
        if (!title) return fail(reply, 400, 'text_title is required', 'text_title');
        if (!body.plain_text?.trim()) return fail(reply, 400, 'plain_text is required', 'plain_text');
        if (body.plain_text.length > MAX_PLAIN_TEXT_CHARS) {
          return fail(
            reply,
            413,
            `plain_text is too long (${MAX_PLAIN_TEXT_CHARS} characters at most)`,
            'plain_text',
          );
        }
        data = Buffer.from(body.plain_text);
        type = 'txt';
        filename = `${title}.txt`;
      }
      const stored = await storeKnowledgeFile(dataDir, data, type);
      const row = await insertSource(
        app.db,
        request.user.id,
        {
          kind: 'file',
          name: filename,
          filename,
          file_type: type,
          url: stored,
          language: body.language,
          tags: tagsOf(body.tags),
        },
        Date.now(),
      );
      await enqueueIngest(app, row);
      return { success: true as const, message: 'File added', file: presentFile(row) };
    },
  );

  app.post(
    '/process-link',
    { ...auth, schema: { body: linkBody, response: { 200: linkSavedAnswer, ...refusals(400, 403) } } },
    async (request, reply) => {
      const { body } = request;
      if (!(await ownCustomer(request, reply, body.customer_id))) return reply;
      if (!isKnowledgeLink(body.link)) {
        return fail(reply, 400, 'link must be an http, https or ftp address with a domain', 'link');
      }
      const name = body.name?.trim() || LINK_NAME_FALLBACK;
      const recursive = body.recursive === '1' || body.recursive === 'true' ? 1 : 0;
      const row = await insertSource(
        app.db,
        request.user.id,
        { kind: 'link', name, url: body.link, recursive },
        Date.now(),
      );
      await enqueueIngest(app, row);
      return { success: true as const, message: 'Link added', link: presentLink(row) };
    },
  );

  app.post(
    '/process-video',
    { ...auth, schema: { body: videoBody, response: { 200: videoSavedAnswer, ...refusals(400, 403) } } },
    async (request, reply) => {
      const { body } = request;
      if (!(await ownCustomer(request, reply, body.customer_id))) return reply;
      if (!isYoutubeLink(body.url)) {
        return fail(reply, 400, 'url must be a YouTube watch, short or embed address', 'url');
      }
      const row = await insertSource(
        app.db,
        request.user.id,
        { kind: 'video', name: body.url, url: body.url },
        Date.now(),
      );
      await enqueueIngest(app, row);
      return { success: true as const, message: 'Video added', video: presentVideo(row) };
    },
  );
};

export default processRoutes;
