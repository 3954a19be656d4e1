// POST and PUT /api/content/{botId} (and flow_template/{name}): text and video-link elements,
// sent as JSON { id, content, title, type, reviewable, is_template_content } (spec 2 §7).
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contentSavedAnswer,
  TEXT_TYPES,
  textCreateRequest as postBody,
  textUpdateRequest as putBody,
} from '../../../src/core/api/content.js';
import { z } from 'zod';
import { youtubeId } from '../../../src/core/rules/youtube.js';
import { findContent, insertContent, updateContent, type ContentFields } from '../../repos/content.js';
import { fail } from '../bots/present.js';
import { CONTENT_NOT_FOUND, contentTaken, notOfKind } from './messages.js';
import { presentContent } from './present.js';
import { contentPaths, contentScope, scopeParams, scopeQuery } from './scope.js';

type TextBody = z.infer<typeof postBody>;

/** A video element must be a YouTube watch, short or embed link in every language it has. */
function invalidVideo(body: TextBody): boolean {
  if (body.type !== 'video-link') return false;
  return Object.values(body.content).some((link) => link.trim() !== '' && youtubeId(link) === null);
}

function fieldsOf(body: TextBody): ContentFields {
  return {
    type: body.type,
    title: body.title,
    content: body.content,
    files: [],
    reviewable: body.reviewable,
  };
}

const textRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { publicUrl } = app.config;
  const auth = { onRequest: app.requireActiveUser };

  for (const path of contentPaths('')) {
    app.post(
      path,
      {
        ...auth,
        schema: {
          params: scopeParams,
          querystring: scopeQuery,
          body: postBody,
          response: { 200: contentSavedAnswer },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const scoped = await contentScope(request, reply);
        if (!scoped) return reply;
        if (invalidVideo(body)) return fail(reply, 400, 'Invalid video link', 'content');
        const id = body.id ?? crypto.randomUUID();
        const stored = await insertContent(app.db, scoped.scope, id, fieldsOf(body));
        if (!stored) return fail(reply, 409, contentTaken(id), 'id');
        return { success: true, message: 'Content saved', content: presentContent(stored, publicUrl) };
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
          response: { 200: contentSavedAnswer },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const scoped = await contentScope(request, reply);
        if (!scoped) return reply;
        if (invalidVideo(body)) return fail(reply, 400, 'Invalid video link', 'content');
        const current = await findContent(app.db, scoped.scope, body.id);
        if (!current) return fail(reply, 404, CONTENT_NOT_FOUND);
        if (!(TEXT_TYPES as readonly string[]).includes(current.type)) {
          return fail(reply, 400, notOfKind(body.id, 'a text or video'), 'id');
        }
        const stored = await updateContent(app.db, scoped.scope, body.id, fieldsOf(body));
        if (!stored) return fail(reply, 404, CONTENT_NOT_FOUND);
        return { success: true, message: 'Content saved', content: presentContent(stored, publicUrl) };
      },
    );
  }
};

export default textRoutes;
