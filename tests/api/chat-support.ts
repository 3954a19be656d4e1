// Shared steps of the chat API tests (tests/api/chat-*.test.ts): a real server listening on a
// loopback port, a customer with a bot whose flow is published through the real routes, and the
// chat calls made with fetch as the widget makes them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newNode, type FlowNode, type NodeOfType, type NodeType } from '../../src/core/flow/index.js';
import type { Config } from '../../server/config.js';
import { createTestApp, type TestApp } from './helpers.js';
import { createBot, customer, type Customer } from '../fixtures/bot-api.js';

/** A JSON answer, read loosely: the tests assert on its fields. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = Record<string, any>;

export const PAGE = 'https://shop.example.com/help/faq';

export interface ChatTest {
  t: TestApp;
  base: string;
  owner: Customer;
  botId: number;
}

export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A listening app with a customer and a bot (origins https://shop.example.com, subpaths allowed). */
export async function chatTest(
  overrides: Partial<Config> = {},
  botChanges: Record<string, unknown> = {},
): Promise<ChatTest> {
  const t = await createTestApp(overrides);
  const base = await listen(t);
  const owner = await customer(t);
  const bot = await createBot(t, owner, { supported_languages: [2, 3], ...botChanges });
  return { t, base, owner, botId: bot.id as number };
}

export function node<T extends NodeType>(
  type: T,
  id: string,
  fields: Partial<NodeOfType<T>> = {},
): NodeOfType<T> {
  return { ...newNode(type, id, 0, 0, id), ...fields } as NodeOfType<T>;
}

export function link<N extends FlowNode>(from: N, to: string | null, slot = 0): N {
  from.next[slot] = { ...from.next[slot], node: to };
  return from;
}

export function text(content: string | Record<string, string>) {
  const texts = typeof content === 'string' ? { en: content } : content;
  return { type: 'content' as const, content: { type: 'text' as const, title: 'Text', content: texts } };
}

async function call(base: string, path: string, init: RequestInit) {
  const response = await fetch(`${base}${path}`, init);
  return { status: response.status, body: (await response.json()) as Loose };
}

/**
 * Publishes the main flow as the editor does; answers the new version. Chat tests exercise the
 * runtime, so a flow the editor would flag (issue 13 §3) is published anyway.
 */
export async function publish(c: ChatTest, nodes: FlowNode[], version = 0): Promise<number> {
  const res = await call(c.base, `/api/flow/${c.botId}`, {
    method: 'POST',
    headers: { ...c.owner.headers, 'content-type': 'application/json', 'if-match': `"${version}"` },
    body: JSON.stringify({ nodes, allow_invalid: true }),
  });
  if (res.status !== 200) throw new Error(`publish failed: ${JSON.stringify(res.body)}`);
  return res.body.version as number;
}

export async function publishTemplate(c: ChatTest, name: string, nodes: FlowNode[]) {
  const headers = { ...c.owner.headers, 'content-type': 'application/json' };
  await call(c.base, '/api/flow_template', {
    method: 'POST',
    headers,
    body: JSON.stringify({ flow_name: name, bot_id: c.botId }),
  });
  const res = await call(c.base, '/api/flow_template', {
    method: 'PUT',
    headers,
    body: JSON.stringify({ flow_name: name, nodes, bot_id: c.botId }),
  });
  if (res.status !== 200) throw new Error(`template failed: ${JSON.stringify(res.body)}`);
}

export type ChatFields = Record<string, string | Blob | undefined>;

/** POST /api/chat as the widget sends it (multipart, the host page in X-BotFlow-Origin). */
export function chat(
  c: Pick<ChatTest, 'base' | 'botId'>,
  fields: ChatFields,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('bot_id', String(c.botId));
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, name === 'file' ? 'upload.bin' : undefined);
  }
  return call(c.base, '/api/chat', {
    method: 'POST',
    body: form,
    headers: { 'x-botflow-origin': PAGE, ...headers },
  });
}

/** A guest who keeps its guest_id between messages. */
export function guest(c: Pick<ChatTest, 'base' | 'botId'>, extra: ChatFields = {}) {
  const state = { id: undefined as string | undefined };
  return {
    get id() {
      return state.id!;
    },
    async say(message: string, fields: ChatFields = {}) {
      const res = await chat(c, { message, guest_id: state.id, ...extra, ...fields });
      if (res.status !== 200) throw new Error(`chat failed (${res.status}): ${JSON.stringify(res.body)}`);
      state.id = res.body.guest_id;
      return res.body.reply as Loose[];
    },
  };
}

export function contents(replies: Loose[]): unknown[] {
  return replies.map((r) => r.content);
}

export function request(base: string, path: string, init: RequestInit = {}) {
  return call(base, path, init);
}

/** A local HTTP API for api nodes: answers by path, records what it was sent. */
export async function startApi(
  handler: (req: http.IncomingMessage, body: string) => { status: number; body: unknown; delayMs?: number },
) {
  const seen: { method?: string; url?: string; body: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body, headers: req.headers });
      const answer = handler(req, body);
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
