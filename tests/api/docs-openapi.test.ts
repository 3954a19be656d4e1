// The OpenAPI document (issue 14 item 1) is built from the routes' own zod schemas: it parses, and
// every /api route of the route table has an operation in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

interface Operation {
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  responses?: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, Operation>>;
}

/** Fastify's `/bot/:id` and `/x/*` as OpenAPI writes them: `/bot/{id}`, `/x/{*}`. */
function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
}

describe('GET /api/docs/json', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = JSON.parse(res.body) as OpenApiDocument;
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3 document titled BotFlow API with a bearer scheme', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('BotFlow API');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('has an operation for every /api route of the route table', () => {
    const missing = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && r.url !== '/api/docs/json')
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('marks signed-in routes with the bearer scheme and leaves public ones open', () => {
    expect(doc.paths['/api/user-info']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/login']?.post?.security).toBeUndefined();
  });

  it('says bodies may come as multipart forms, as the app sends them', () => {
    expect(Object.keys(doc.paths['/api/bot']?.post?.requestBody?.content ?? {})).toContain(
      'multipart/form-data',
    );
  });

  it('describes responses from the zod schemas', () => {
    expect(doc.paths['/api/login']?.post?.responses).toHaveProperty('200');
  });
});
