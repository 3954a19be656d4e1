// One request schema per route, for both ends (issue 14 item 1): every /api route that takes a
// body, a query or path parameters registers the schema the contract (src/core/api/) exports, and
// every app call that names a request schema names that very object, so the server and the app
// cannot hold one field to two rules or word one refusal two ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { definedCalls } from '../../src/api/define-call.js';
import { createTestApp, type TestApp } from './helpers.js';
// The modules that define calls, loaded for their definitions.
import '../../src/api/auth.js';
import '../../src/api/knowledge-lists.js';
import '../../src/api/theme.js';
import '../../src/features/bots/bots-api.js';
import '../../src/features/bots/channels-api.js';
import '../../src/features/flow/duplicate/clone-api.js';
import '../../src/features/flow/flow-api.js';
import '../../src/features/knowledge/knowledge-api.js';
import '../../src/features/node-editor/content-api.js';
import '../../src/features/notifications/notifications-api.js';
import '../../src/features/results/results-api.js';
import '../../src/features/theme/theme-api.js';

const contractModules = import.meta.glob('../../src/core/api/*.ts', { eager: true });

/** Every schema object the contract exports. */
const contractSchemas = new Set(
  Object.values(contractModules).flatMap((module) => Object.values(module as Record<string, unknown>)),
);

const PARTS = { body: 'body', querystring: 'query', params: 'params' } as const;
type Part = keyof typeof PARTS;

/**
 * Routes whose request schemas are still the server's own (moved family by family; see
 * /work/wt/notes/a14.md): `METHOD url part`. The list may only shrink.
 */
const NOT_YET_IN_CONTRACT = new Set<string>([
  'DELETE /api/call-provider/:guestId/* params',
  'DELETE /api/file/:customerId/:id params',
  'DELETE /api/link/:customerId/:id params',
  'DELETE /api/video/:customerId/:id params',
  'GET /api/call-provider/:guestId/* params',
  'GET /api/chat/notifications/:guestId params',
  'GET /api/files querystring',
  'GET /api/links querystring',
  'GET /api/videos querystring',
  'GET /api/widget/:botId params',
  'GET /api/widget/:botId querystring',
  'PATCH /api/call-provider/:guestId/* params',
  'POST /api/call-provider/:guestId/* body',
  'POST /api/call-provider/:guestId/* params',
  'POST /api/channels/whatsapp body',
  'POST /api/chat body',
  'POST /api/chat querystring',
  'POST /api/custom_variables/:guestId body',
  'POST /api/custom_variables/:guestId params',
  'POST /api/file/:customerId/:id/retry params',
  'POST /api/link/:customerId/:id/retry params',
  'POST /api/linkpreview body',
  'POST /api/ping/:guestId params',
  'POST /api/process-file body',
  'POST /api/process-link body',
  'POST /api/process-video body',
  'POST /api/realtime/:guestId body',
  'POST /api/realtime/:guestId params',
  'POST /api/realtime/:guestId/start params',
  'POST /api/stt body',
  'POST /api/tts body',
  'POST /api/video/:customerId/:id/retry params',
  'POST /api/video/:customerId/:id/transcript body',
  'POST /api/video/:customerId/:id/transcript params',
  'PUT /api/call-provider/:guestId/* params',
  'PUT /api/chat/notifications/:guestId params',
  'PUT /api/language/:guestId/:languageId params',
]);

const shape = (path: string) => path.replace(/:[A-Za-z_]+/g, ':');

describe('the request contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
  const schemaOf = (route: { schema?: unknown }, part: Part) =>
    (route.schema as Record<Part, z.ZodType | undefined> | undefined)?.[part];

  it("registers, for every route's body, query and path, a schema the contract exports", () => {
    const outside = apiRoutes().flatMap((route) =>
      (Object.keys(PARTS) as Part[])
        .filter((part) => schemaOf(route, part) && !contractSchemas.has(schemaOf(route, part)))
        .map((part) => `${route.method} ${route.url} ${part}`),
    );
    if (process.env.DUMP_OUTSIDE) console.log(JSON.stringify(outside, null, 2));
    expect(outside.filter((entry) => !NOT_YET_IN_CONTRACT.has(entry))).toEqual([]);
  });

  it('lists only routes still outside the contract in its allow-list', () => {
    const outside = new Set(
      apiRoutes().flatMap((route) =>
        (Object.keys(PARTS) as Part[])
          .filter((part) => schemaOf(route, part) && !contractSchemas.has(schemaOf(route, part)))
          .map((part) => `${route.method} ${route.url} ${part}`),
      ),
    );
    expect([...NOT_YET_IN_CONTRACT].filter((entry) => !outside.has(entry))).toEqual([]);
  });

  it("types each app call's body, query and path by the very schema its route registers", () => {
    const differing = definedCalls.flatMap((call) => {
      const route = apiRoutes().find((r) => r.method === call.method && shape(r.url) === shape(call.path));
      if (!route) return [`${call.method} ${call.path}: no route`];
      return (Object.entries(PARTS) as [Part, 'body' | 'query' | 'params'][])
        .filter(([part, name]) => {
          const client = name === 'body' ? call.request : call[name];
          const server = schemaOf(route, part);
          // A call that names a schema for this part must name the one its route registers.
          return client !== undefined && client !== server;
        })
        .map(([part]) => `${route.method} ${route.url} ${part}`);
    });
    if (process.env.DUMP_OUTSIDE) console.log(JSON.stringify(differing, null, 2));
    expect(differing.filter((entry) => !NOT_YET_IN_CONTRACT.has(entry))).toEqual([]);
  });
});
