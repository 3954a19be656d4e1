// POST /api/content/{botId}/clone (and flow_template/{name}/clone): duplicating a basic node
// clones its content and file variables first (spec 2 §4). Each element is copied under a new
// id with copies of its files, so the two nodes can then be edited (and their files replaced or
// deleted) independently. Answers elements [{ id, new_id, path }], path being the copy's image or
// file URL (null for texts, videos and carousels, whose content is in `content`).
// A paste from another bot or flow (issue 20 §3) names where the elements are with from_bot_id
// (and from_template): they are read there, that bot also being the customer's, and copied here.
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cloneRequest as cloneBody, contentClonedAnswer } from '../../../src/core/api/content.js';
import { copyContentFile, removeContentFiles } from '../../repos/content-files.js';
import { findContents, insertContent, type StoredContent } from '../../repos/content.js';
import { ownedBot } from '../flow/request-fields.js';
import { fail } from '../bots/present.js';
import { mapStrings, presentContent } from './present.js';
import { contentPaths, contentScope, scopeParams, scopeQuery } from './scope.js';

/** Copies of the element's files, old path → new path. */
async function copyFiles(dataDir: string, content: StoredContent, copies: string[]) {
  const renamed = new Map<string, string>();
  for (const url of content.files) {
    const copy = await copyContentFile(dataDir, url);
    if (!copy) continue;
    copies.push(copy);
    renamed.set(url, copy);
  }
  return renamed;
}

const cloneRoute: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { dataDir, publicUrl } = app.config;

  for (const path of contentPaths('', '/clone')) {
    app.post(
      path,
      {
        onRequest: app.requireActiveUser,
        schema: {
          params: scopeParams,
          querystring: scopeQuery,
          body: cloneBody,
          response: { 200: contentClonedAnswer },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const scoped = await contentScope(request, reply);
        if (!scoped) return reply;
        let from = scoped.scope;
        if (body.from_bot_id !== undefined) {
          // Another customer's bot reads as missing, exactly like the target bot would.
          const source = await ownedBot(request, body.from_bot_id);
          if (!source)
            return fail(reply, 404, 'The bot the nodes were copied from was not found', 'from_bot_id');
          from = { botId: source.id, templateName: body.from_template ?? null };
        }
        const originals = await findContents(app.db, from, body.ids);
        const copies: string[] = [];
        try {
          const clones = await app.db.transaction().execute(async (trx) => {
            const made: { id: string; clone: StoredContent }[] = [];
            for (const original of originals) {
              const renamed = await copyFiles(dataDir, original, copies);
              const clone = await insertContent(trx, scoped.scope, crypto.randomUUID(), {
                type: original.type,
                title: original.title,
                reviewable: original.reviewable,
                content: mapStrings(original.content, (text) => renamed.get(text) ?? text),
                files: original.files.flatMap((url) => renamed.get(url) ?? []),
              });
              if (!clone) throw new Error('A fresh random id was already taken');
              made.push({ id: original.id, clone });
            }
            return made;
          });
          const found = new Set(originals.map((content) => content.id));
          return {
            success: true,
            message: clones.length ? 'Content cloned' : 'Nothing to clone',
            elements: clones.map(({ id, clone }) => {
              const content = presentContent(clone, publicUrl);
              return {
                id,
                new_id: clone.id,
                path: content.url,
                type: content.type,
                content: content.content,
              };
            }),
            // Ids the flow has no content for (an element never saved); the editor keeps them as they are.
            missing: body.ids.filter((id) => !found.has(id)),
          };
        } catch (error) {
          await removeContentFiles(dataDir, copies);
          throw error;
        }
      },
    );
  }
};

export default cloneRoute;
