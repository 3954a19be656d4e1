import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { withPg } from '../fixtures/postgres.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** Where a test's fresh database lives, and how to remove it afterwards. */
export interface TestDatabase {
  dataDir: string;
  databaseUrl: string;
  databaseSchema: string | undefined;
  remove(): Promise<void>;
}

/**
 * A fresh, empty database: a temporary directory for a SQLite file, or (API_DATABASE_URL set) a
 * new PostgreSQL schema, dropped by `remove`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'botflow-test-'));
  const databaseUrl = process.env.API_DATABASE_URL ?? '';
  const schema = databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  if (schema) await withPg(databaseUrl, (c) => c.query(`CREATE SCHEMA ${schema}`));
  return {
    dataDir,
    databaseUrl,
    databaseSchema: schema,
    async remove() {
      if (schema) await withPg(databaseUrl, (c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
      // A closing SQLite thread may still be removing its WAL files, and work the server had in
      // flight may still write one: Node's rm retries ENOTEMPTY and EBUSY, 50 ms longer each try,
      // without holding up this thread, where such work may be queued.
      await fs.promises.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    },
  };
}

/** A real server on a fresh database (createTestDatabase), removed when it closes. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const instance = await createTestInstance(database, overrides);
  return {
    ...instance,
    async close() {
      await instance.close();
      await database.remove();
    },
  };
}

/**
 * A server on an existing test database, which it leaves in place when it closes: built twice on
 * one database, two server instances behind a load balancer (issue 14, no per-instance state).
 */
export async function createTestInstance(
  database: TestDatabase,
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const config: Config = {
    ...loadConfig({}),
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    databaseSchema: database.databaseSchema,
    publicUrl: 'http://botflow.test',
    logLevel: 'silent',
    authRateLimit: 1000,
    distDir: path.join(database.dataDir, 'no-dist'),
    allowPrivateTargets: true,
    // No test reaches the real channel APIs: a test that needs one starts its fake and says so.
    telegramApiBase: 'http://127.0.0.1:9',
    whatsappApiBase: 'http://127.0.0.1:9',
    whatsappAppSecret: 'test-app-secret',
    whatsappVerifyToken: 'test-verify-token',
    channelRetryBaseMs: 50,
    // A chat's sends paced at Telegram's 1 a second would make every channel test wait seconds;
    // channels-telegram-pace.test.ts paces. The per-token budget stays on (34 ms a message).
    telegramChatIntervalMs: 0,
    ...overrides,
  };
  const app = await buildApp(config);
  return { app, config, close: () => app.close() };
}

/** Builds a multipart body the way the browser's FormData does. */
export function multipart(fields: Record<string, string | { filename: string; type: string; data: Buffer }>) {
  const boundary = `----botflow${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Reads the newest mails of the file outbox, oldest first. */
export function readOutbox(config: Config): string[] {
  const dir = path.join(config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}
