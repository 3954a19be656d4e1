import path from 'node:path';
import { build } from 'vite';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import type { FlowNode } from '../src/core/flow';

// The board bench's stage: a fresh production build of the app and of the React Flow page, the
// real server on a temporary SQLite database serving both, and a verified customer with one bot.

/** Where the React Flow page is served from, inside the app's own folder (same origin, same API). */
export const REACT_FLOW_PATH = '/bench-reactflow/index.html';

export async function buildPages(distDir: string): Promise<void> {
  process.env.DIST_DIR = distDir;
  await build({ configFile: 'vite.config.ts', logLevel: 'silent' });
  // After the app: its build empties dist/app, where this page goes.
  await build({
    configFile: 'bench/reactflow/vite.config.ts',
    logLevel: 'silent',
    build: { outDir: path.join(distDir, 'app', path.dirname(REACT_FLOW_PATH)) },
  });
}

export interface BenchServer {
  base: string;
  token: string;
  botId: number;
  publish(nodes: FlowNode[]): Promise<void>;
  close(): Promise<void>;
}

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
};

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T & { success?: boolean; message?: string };
  if (body.success === false || !response.ok) {
    throw new Error(`${response.url}: ${response.status} ${body.message ?? ''}`);
  }
  return body;
}

export async function startServer(dataDir: string, distDir: string): Promise<BenchServer> {
  const app = await buildApp({
    ...loadConfig({}),
    dataDir,
    distDir,
    logLevel: 'silent',
    authRateLimit: 1_000_000,
  });
  // BENCH_PORT keeps a bench on its runner's own port on a shared machine (0: any free port).
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const signup = await json<{ access_token: string }>(
    await fetch(`${base}/api/signup`, {
      method: 'POST',
      body: form({
        first_name: 'Bench',
        last_name: 'User',
        email: 'board-bench@example.com',
        username: 'board_bench',
        password: 'bench-password-1',
        mre_call_provider_id: 'botflow-default',
        mre_call_provider_name: 'BotFlow Calls',
      }),
    }),
  );
  // The e-mail step is not what this bench measures.
  await app.db.updateTable('users').set({ is_email_verified: 1 }).execute();
  const authorization = `Bearer ${signup.access_token}`;
  const created = await json<{ bot: { id: number } }>(
    await fetch(`${base}/api/bot`, {
      method: 'POST',
      headers: { authorization },
      body: form({
        name: 'Big Shop',
        language: '2',
        supported_languages: '2',
        origins: 'https://shop.example.com',
      }),
    }),
  );
  const botId = created.bot.id;

  return {
    base,
    token: signup.access_token,
    botId,
    async publish(nodes) {
      const url = `${base}/api/flow/${botId}`;
      const current = await json<{ version: number | string }>(
        await fetch(url, { headers: { authorization } }),
      );
      await json(
        await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', 'if-match': String(current.version) },
          // Generated boards are sketches (nodes without content): publish them with their problems.
          body: JSON.stringify({ nodes, allow_invalid: true }),
        }),
      );
    },
    close: () => app.close(),
  };
}
