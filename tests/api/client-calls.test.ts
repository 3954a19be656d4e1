// The app's client calls (src/api/define-call.ts) against the server's route table: every call
// names a route the server serves, and parses its answer with the schema the server serialises
// that route's success answer with (compared as JSON Schema, so two equal schemas pass).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definedCalls } from '../../src/api/define-call.js';
import { createTestApp, type TestApp } from './helpers.js';
// The modules that define calls, loaded for their definitions.
import '../../src/api/auth.js';
import '../../src/features/bots/bots-api.js';
import '../../src/features/flow/duplicate/clone-api.js';
import '../../src/features/flow/emulator/use-bot-theme.js';
import '../../src/features/flow/flow-api.js';
import '../../src/features/node-editor/content-api.js';
import '../../src/api/knowledge-lists.js';
import '../../src/features/knowledge/knowledge-api.js';
import '../../src/features/theme/theme-api.js';

const shape = (path: string) => path.replace(/:[A-Za-z_]+/g, ':');

describe("the app's client calls", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  const routeOf = (method: string, path: string) =>
    t.app.routeTable.find((r) => r.method === method && shape(r.url) === shape(path));

  it('are defined (one per route)', () => {
    expect(definedCalls.length).toBeGreaterThan(25);
    const keys = definedCalls.map((c) => `${c.method} ${shape(c.path)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('each name a route the server serves', () => {
    const missing = definedCalls
      .filter((call) => !routeOf(call.method, call.path))
      .map((call) => `${call.method} ${call.path}`);
    expect(missing).toEqual([]);
  });

  it("each read the answer with the route's own response schema", () => {
    const differing = definedCalls
      .filter((call) => {
        const served = (
          routeOf(call.method, call.path)?.schema?.response as Record<string, z.ZodType>
        )?.[200];
        return (
          !served ||
          JSON.stringify(z.toJSONSchema(served, { io: 'output', unrepresentable: 'any' })) !==
            JSON.stringify(z.toJSONSchema(call.response, { io: 'output', unrepresentable: 'any' }))
        );
      })
      .map((call) => `${call.method} ${call.path}`);
    expect(differing).toEqual([]);
  });
});
