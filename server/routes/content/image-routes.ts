// POST and PUT /api/content/image/{botId} (and flow_template/image/{name}): an image element,
// from the device (form field `image`, a file → type image) or from a URL (`image_url` → type
// image-link), with title, reviewable and content_id (spec 2 §7). A PUT without a new image keeps
// the current one.
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  imageCreateRequest as postBody,
  imageSavedAnswer,
  imageUpdateRequest as putBody,
} from '../../../src/core/api/content.js';
import type { UploadedFile } from '../../http/uploads.js';
import { findContent, insertContent, updateContent, type StoredContent } from '../../repos/content.js';
import { fail } from '../bots/present.js';
import { CONTENT_NOT_FOUND, contentTaken, notOfKind } from './messages.js';
import { presentContent, uploadPathOf } from './present.js';
import { contentPaths, contentScope, scopeParams, scopeQuery } from './scope.js';
import { checkImage, storeWithFiles, type Checked, type CheckedFile } from './uploads.js';

/** What the request asks the image to be: a new upload, a link, or (PUT) the current image. */
type ImageSource = { kind: 'upload'; file: CheckedFile } | { kind: 'link'; url: string } | { kind: 'keep' };

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function imageSource(
  body: { image?: UploadedFile | string; image_url?: string },
  current: StoredContent | null,
  publicUrl: string,
): Checked<ImageSource> {
  const { image } = body;
  // A text `image` is the editor echoing the current image, or a link sent under the wrong name.
  const link = body.image_url ?? (typeof image === 'string' ? image : undefined);
  const file = typeof image === 'object' ? image : undefined;
  if (file && body.image_url) {
    return { ok: false, key: 'image', message: 'Send either image or image_url, not both' };
  }
  if (file) {
    const checked = checkImage(file, 'image');
    return checked.ok ? { ok: true, value: { kind: 'upload', file: checked.value } } : checked;
  }
  if (link !== undefined) {
    const path = uploadPathOf(link.trim(), publicUrl);
    if (current?.files.includes(path)) return { ok: true, value: { kind: 'keep' } };
    if (!isHttpUrl(link.trim())) {
      return { ok: false, key: 'image_url', message: 'image_url must be an http or https URL' };
    }
    return { ok: true, value: { kind: 'link', url: link.trim() } };
  }
  if (current) return { ok: true, value: { kind: 'keep' } };
  return { ok: false, key: 'image', message: 'image or image_url is required' };
}

/** The row's fields for a source; `current` supplies what a kept image already is. */
function fieldsFor(
  body: { title: string; reviewable: boolean },
  source: ImageSource,
  uploaded: string[],
  current: StoredContent | null,
) {
  if (source.kind === 'keep' && current) {
    return { ...body, type: current.type, content: current.content, files: current.files };
  }
  if (source.kind === 'upload') {
    return { ...body, type: 'image' as const, content: { en: uploaded[0] }, files: uploaded };
  }
  const url = source.kind === 'link' ? source.url : '';
  return { ...body, type: 'image-link' as const, content: { en: url }, files: [] };
}

const imageRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { dataDir, publicUrl } = app.config;
  const auth = { onRequest: app.requireActiveUser };

  for (const path of contentPaths('image')) {
    app.post(
      path,
      {
        ...auth,
        schema: {
          params: scopeParams,
          querystring: scopeQuery,
          body: postBody,
          response: { 200: imageSavedAnswer },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const scoped = await contentScope(request, reply);
        if (!scoped) return reply;
        const source = imageSource(body, null, publicUrl);
        if (!source.ok) return fail(reply, 400, source.message, source.key);
        const id = body.content_id ?? crypto.randomUUID();
        const uploads = source.value.kind === 'upload' ? [source.value.file] : [];
        const fields = { title: body.title, reviewable: body.reviewable };
        const stored = await storeWithFiles(dataDir, uploads, [], (urls) =>
          insertContent(app.db, scoped.scope, id, fieldsFor(fields, source.value, urls, null)),
        );
        if (!stored) return fail(reply, 409, contentTaken(id), 'content_id');
        const content = presentContent(stored, publicUrl);
        return { success: true, message: 'Image saved', url: content.url, content };
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
          response: { 200: imageSavedAnswer },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const scoped = await contentScope(request, reply);
        if (!scoped) return reply;
        const current = await findContent(app.db, scoped.scope, body.content_id);
        if (!current) return fail(reply, 404, CONTENT_NOT_FOUND);
        if (current.type !== 'image' && current.type !== 'image-link') {
          return fail(reply, 400, notOfKind(current.id, 'an image'), 'content_id');
        }
        const source = imageSource(body, current, publicUrl);
        if (!source.ok) return fail(reply, 400, source.message, source.key);
        const uploads = source.value.kind === 'upload' ? [source.value.file] : [];
        const fields = { title: body.title, reviewable: body.reviewable };
        const stored = await storeWithFiles(dataDir, uploads, current.files, (urls) =>
          updateContent(app.db, scoped.scope, current.id, fieldsFor(fields, source.value, urls, current)),
        );
        if (!stored) return fail(reply, 404, CONTENT_NOT_FOUND);
        const content = presentContent(stored, publicUrl);
        return { success: true, message: 'Image saved', url: content.url, content };
      },
    );
  }
};

export default imageRoutes;
