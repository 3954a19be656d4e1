// The OpenAPI reference integrators read (issue 14 item 1): built from the same zod schemas the
// routes validate and serialise with, so the document cannot drift from what the server does.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { z } from 'zod';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Routes that are not part of the JSON API: pages, the widget's files and uploaded files. */
const NOT_API = ['/chat', '/widget/chat/', '/widget/chat/index.html', '/favicon.ico', '/uploads/*'];

const BODY_TYPES = ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'];

const zodTransform = createJsonSchemaTransform({
  skipList: NOT_API,
  // A schema zod cannot express in JSON Schema (an uploaded file, a refinement) becomes `{}`
  // instead of failing the whole document.
  zodToJsonConfig: { unrepresentable: 'any' },
});

export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'BotFlow API',
        description: 'Build chatbots as node graphs and run them on the web, WhatsApp and Telegram.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'The access token from /api/login.' },
        },
      },
    },
    transform(input) {
      const result = zodTransform(input);
      // Every body is read from JSON, a urlencoded form or multipart (the app sends FormData).
      if (result.schema?.body) result.schema = { ...result.schema, consumes: BODY_TYPES };
      // Routes behind the sign-in check say so, so integrators know which calls need the token.
      const guards = [input.route.preHandler].flat();
      const signedIn = guards.some((g) => g === app.authenticate || g === app.requireActiveUser);
      return signedIn ? { ...result, schema: { ...result.schema, security: [{ bearerAuth: [] }] } } : result;
    },
    transformObject: jsonSchemaTransformObject,
  });

  app.get(
    '/api/docs/json',
    {
      schema: {
        hide: true,
        response: { 200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) },
      },
    },
    async () => app.swagger(),
  );
});
