// POST and PUT /api/content/carousel/{botId} (and flow_template/carousel/{name}): an image
// carousel, as a form { title, carousel_id, images (files), content (JSON text of the items) }
// (spec 2 §7). See carousel-items.ts for how the files meet the items.
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  carouselCreateRequest as postBody,
  carouselUpdateRequest as putBody,
  contentSavedAnswer,
} from '../../../src/core/api/content.js';
import { z } from 'zod';
import { findContent, insertContent, updateContent, type StoredContent } from '../../repos/content.js';
import { fail } from '../bots/present.js';
import { parseItems, placeImages, planImages, type ImagePlan } from './carousel-items.js';
import { CONTENT_NOT_FOUND, contentTaken, notOfKind } from './messages.js';
import { presentContent } from './present.js';
import { contentPaths, contentScope, scopeParams, scopeQuery } from './scope.js';
import { checkAll, checkImage, storeWithFiles, type Checked, type CheckedFile } from './uploads.js';

type CarouselBody = z.infer<typeof postBody>;

/** The checked plan and images of a request, or the refusal. */
function prepare(
  body: CarouselBody,
  current: StoredContent | null,
  publicUrl: string,
): Checked<{ plan: ImagePlan; images: CheckedFile[] }> {
  const items = parseItems(body.content);
  if (!items.ok) return items;
  const plan = planImages(items.value, current?.files ?? [], publicUrl);
  if (!plan.ok) return plan;
  const { waiting } = plan.value;
  if (waiting.length !== body.images.length) {
    const message = `Each carousel item from the device needs one image: ${waiting.length} waiting, ${body.images.length} sent`;
    return { ok: false, key: 'images', message };
  }
  const images = checkAll(body.images, (file) => checkImage(file, 'images'));
  if (!images.ok) return images;
  return { ok: true, value: { plan: plan.value, images: images.value } };
}

function fieldsOf(body: CarouselBody, plan: ImagePlan, urls: string[]) {
  return {
    type: 'image-carousel' as const,
    title: body.title,
    reviewable: body.reviewable,
    content: { en: placeImages(plan, urls) },
    files: [...plan.kept, ...urls],
  };
}

const carouselRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { dataDir, publicUrl } = app.config;
  const auth = { onRequest: app.requireActiveUser };

  for (const path of contentPaths('carousel')) {
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
        const prepared = prepare(body, null, publicUrl);
        if (!prepared.ok) return fail(reply, 400, prepared.message, prepared.key);
        const { plan, images } = prepared.value;
        const id = body.carousel_id ?? crypto.randomUUID();
        const stored = await storeWithFiles(dataDir, images, [], (urls) =>
          insertContent(app.db, scoped.scope, id, fieldsOf(body, plan, urls)),
        );
        if (!stored) return fail(reply, 409, contentTaken(id), 'carousel_id');
        return { success: true, message: 'Carousel saved', content: presentContent(stored, publicUrl) };
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
        const current = await findContent(app.db, scoped.scope, body.carousel_id);
        if (!current) return fail(reply, 404, CONTENT_NOT_FOUND);
        if (current.type !== 'image-carousel') {
          return fail(reply, 400, notOfKind(current.id, 'a carousel'), 'carousel_id');
        }
        const prepared = prepare(body, current, publicUrl);
        if (!prepared.ok) return fail(reply, 400, prepared.message, prepared.key);
        const { plan, images } = prepared.value;
        const stored = await storeWithFiles(dataDir, images, current.files, (urls) =>
          updateContent(app.db, scoped.scope, current.id, fieldsOf(body, plan, urls)),
        );
        if (!stored) return fail(reply, 404, CONTENT_NOT_FOUND);
        return { success: true, message: 'Carousel saved', content: presentContent(stored, publicUrl) };
      },
    );
  }
};

export default carouselRoutes;
