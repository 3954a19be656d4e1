// The analytics fold's thread on SQLite (started by fold-thread.ts): a connection of its own that
// only reads, and each batch asked of it read and added up (fold-sqlite.ts), one at a time.
import SQLite from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { statementCache } from '../db/statement-cache.js';
import { readFoldBatch } from './fold-sqlite.js';
import type { SqliteFoldSetup } from './fold-thread.js';
import { serveFolds } from './fold-worker-serve.js';

const { file } = workerData as SqliteFoldSetup;
const db = new SQLite(file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
// As the main connection (db/connect.ts): pages read through a memory map, not a read() each.
db.pragma('mmap_size = 268435456');
const prepare = statementCache(db);

serveFolds(
  () => readFoldBatch(prepare),
  () => void db.close(),
);
