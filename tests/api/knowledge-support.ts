// Shared by the knowledge API tests: a test app whose outbound guard is on, with the fake web
// site and fake YouTube reachable under *.localhost names (ALLOWED_PRIVATE_HOSTS), and helpers to
// add items and wait for their jobs.
import { expect } from 'vitest';
import type { Config } from '../../server/config.js';
import { customer, type Customer } from '../fixtures/bot-api.js';
import { startFakeSite, type FakeSite } from '../fixtures/fake-site.js';
import { startFakeYoutube, type FakeYoutube } from '../fixtures/fake-youtube.js';
import { formOf, type FilePart } from './content-support.js';
import { createTestApp, type TestApp } from './helpers.js';

export { customer, type Customer };

export interface KnowledgeWorld {
  t: TestApp;
  site: FakeSite;
  youtube: FakeYoutube;
  /** The fake site's address under a domain name (tea.localhost). */
  siteUrl: string;
  close(): Promise<void>;
}

export async function knowledgeWorld(overrides: Partial<Config> = {}): Promise<KnowledgeWorld> {
  const site = await startFakeSite({ extraPages: 60 });
  const youtube = await startFakeYoutube();
  const sitePort = new URL(site.baseUrl).port;
  const ytPort = new URL(youtube.baseUrl).port;
  const t = await createTestApp({
    allowPrivateTargets: false,
    allowedPrivateHosts: ['tea.localhost', 'yt.localhost'],
    youtubeBaseUrl: `http://yt.localhost:${ytPort}`,
    ...overrides,
  });
  await t.app.ready();
  return {
    t,
    site,
    youtube,
    siteUrl: `http://tea.localhost:${sitePort}`,
    async close() {
      await t.close();
      await site.close();
      await youtube.close();
    },
  };
}

export type Kind = 'files' | 'links' | 'videos';

export async function list(t: TestApp, who: Customer, kind: Kind) {
  const res = await t.app.inject({ method: 'GET', url: `/api/${kind}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { languages: unknown[] } & Record<
    Kind,
    { id: number; status: string; [k: string]: unknown }[]
  >;
}

export function post(
  t: TestApp,
  who: Customer | null,
  url: string,
  fields: Record<string, string | FilePart>,
) {
  const body = formOf(fields, who ?? undefined);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: body.headers });
}

const BUSY = new Set(['queued', 'extracting', 'indexing']);

/** Waits until the item is processed or failed (the real jobs runner does the work). */
export async function settled(t: TestApp, who: Customer, kind: Kind, id: number, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const item = (await list(t, who, kind))[kind].find((i) => i.id === id);
    if (!item) throw new Error(`item ${id} is not listed`);
    if (!BUSY.has(item.status)) return item;
    if (Date.now() > until) throw new Error(`item ${id} still ${item.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function addText(t: TestApp, who: Customer, title: string, text: string, language = '2') {
  const res = await post(t, who, '/api/process-file', { plain_text: text, text_title: title, language });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().file as { id: number; status: string; name: string };
}

export async function search(t: TestApp, who: Customer, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/knowledge/search',
    headers: who.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    mode: string;
    passages: {
      text: string;
      snippet: string;
      score: number;
      source: { kind: string; id: number; name: string; url?: string; page?: number };
    }[];
  };
}
