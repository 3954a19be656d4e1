// POST, PUT and DELETE /api/content/file/{botId} (and flow_template/file/{name}): the files of
// file variables (spec 2 §3 variable entries of type file). A form { file, variable_id } uploads
// (POST) or replaces (PUT) one; DELETE takes variable_ids, comma-joined or as a JSON array. Only
// gif, jpeg, png and pdf files are kept ('Unsupported file' otherwise, spec 2 §8).
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fileCreateRequest as postBody,
  filesDeletedAnswer,
  filesDeleteRequest as deleteBody,
  fileSavedAnswer,
  fileUpdateRequest as putBody,
} from '../../../src/core/api/content.js';
import { MIME_TYPES, removeContentFiles } from '../../repos/content-files.js';
import { deleteContents, findContent, insertContent, updateContent } from '../../repos/content.js';
import { fail } from '../bots/present.js';
import { CONTENT_NOT_FOUND, contentTaken, notOfKind } from './messages.js';
import { presentContent, type PresentedContent } from './present.js';
import { contentPaths, contentScope, scopeParams, scopeQuery } from './scope.js';
import { checkFileVariable, displayName, storeWithFiles, type CheckedFile } from './uploads.js';

function fieldsOf(file: CheckedFile, url: string) {
  const name = displayName(file.filename);
  return {
    type: 'file-variable' as const,
    title: name,
    content: { name, url, type: MIME_TYPES[file.type], size: file.data.length },
    files: [url],
    reviewable: true,
  };
}

/** The answer the variable entry reads: its id and file { id, name, url }. */
function fileAnswer(content: PresentedContent, message: string) {
  const { name, type, size } = content.content as { name: string; type: string; size: number };
  return {
    success: true,
    message,
    variable_id: content.id,
    file: { id: content.id, name, url: content.url, type, size },
    content,
  };
}

const fileRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { dataDir, publicUrl } = app.config;
  const auth = { onRequest: app.requireActiveUser };

  for (const path of contentPaths('file')) {
    app.post(
      path,
      {
        ...auth,
        schema: {
          params: scopeParams,
          querystring: scopeQuery,
          body: postBody,
          response: { 200: fileSavedAnswer },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const scoped = await contentScope(request, reply);
        if (!scoped) return reply;
        const checked = checkFileVariable(body.file, 'file');
        if (!checked.ok) return fail(reply, 400, checked.message, checked.key);
        const id = body.variable_id ?? crypto.randomUUID();
        const stored = await storeWithFiles(dataDir, [checked.value], [], ([url]) =>
          insertContent(app.db, scoped.scope, id, fieldsOf(checked.value, url)),
        );
        if (!stored) return fail(reply, 409, contentTaken(id), 'variable_id');
        return fileAnswer(presentContent(stored, publicUrl), 'File uploaded');
      },
    );

    app.put(
      path,
      {
        ...auth,
        schema: {
          params: scopeParams,
          querystring: scopeQuery,
          body: putBody,
          response: { 200: fileSavedAnswer },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const scoped = await contentScope(request, reply);
        if (!scoped) return reply;
        const current = await findContent(app.db, scoped.scope, body.variable_id);
        if (!current) return fail(reply, 404, CONTENT_NOT_FOUND);
        if (current.type !== 'file-variable') {
          return fail(reply, 400, notOfKind(current.id, 'a file variable'), 'variable_id');
        }
        const checked = checkFileVariable(body.file, 'file');
        if (!checked.ok) return fail(reply, 400, checked.message, checked.key);
        const stored = await storeWithFiles(dataDir, [checked.value], current.files, ([url]) =>
          updateContent(app.db, scoped.scope, current.id, fieldsOf(checked.value, url)),
        );
        if (!stored) return fail(reply, 404, CONTENT_NOT_FOUND);
        return fileAnswer(presentContent(stored, publicUrl), 'File replaced');
      },
    );

    app.delete(
      path,
      {
        ...auth,
        schema: {
          params: scopeParams,
          querystring: scopeQuery,
          body: deleteBody,
          response: { 200: filesDeletedAnswer },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const scoped = await contentScope(request, reply);
        if (!scoped) return reply;
        const ids = body.variable_ids;
        const deleted = await app.db
          .transaction()
          .execute((trx) => deleteContents(trx, scoped.scope, ids, 'file-variable'));
        await removeContentFiles(
          dataDir,
          deleted.flatMap((content) => content.files),
        );
        const gone = new Set(deleted.map((content) => content.id));
        // Deleting is idempotent: ids already gone (or never uploaded) are listed, not refused.
        return {
          success: true,
          message: deleted.length ? 'Files deleted' : 'No such files',
          deleted: ids.filter((id) => gone.has(id)),
          missing: ids.filter((id) => !gone.has(id)),
        };
      },
    );
  }
};

export default fileRoutes;
