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
    expect(outside).toEqual([]);
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
    expect(differing).toEqual([]);
  });
});
