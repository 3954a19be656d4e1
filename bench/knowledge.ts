// Knowledge sources (issue 17): ingest speed (a 100-page text PDF; a 50-page crawl of the local
// fake site), search latency over 10,000 passages (BM25 and hybrid, SQLite and PostgreSQL), and
// retrieval quality (recall@5 and MRR) over the README corpus in bench/knowledge-corpus.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { splitPassages } from '../src/core/knowledge/index.js';
import { createHttpPort } from '../server/adapters/http-port.js';
import { migrateToLatest, openDatabase } from '../server/db/connect.js';
import type { Database } from '../server/db/schema.js';
import { createEmbedder, type Embedder } from '../server/knowledge/embeddings.js';
import { knowledgeFilePath, runIngest } from '../server/knowledge/ingest.js';
import { replacePassages } from '../server/knowledge/passage-store.js';
import { searchKnowledge } from '../server/knowledge/search.js';
import { insertSource } from '../server/knowledge/sources.js';
import { fakeEmbedding, startFakeLlm } from '../tests/fixtures/fake-llm.js';
import { startFakeSite } from '../tests/fixtures/fake-site.js';
import { textPdf } from '../tests/fixtures/pdf.js';
import { withPg } from '../tests/fixtures/postgres.js';
import { printTable, spread } from './stats.js';

const CORPUS = 'bench/knowledge-corpus';
const PASSAGES = 10_000;
const QUERIES = 200;
const noEmbeddings: Embedder = { configured: false, embed: async () => [] };

interface BenchDb {
  name: string;
  db: Kysely<Database>;
  dataDir: string;
  close(): Promise<void>;
}

export async function openBenchDb(postgres: boolean): Promise<BenchDb | null> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-knowledge-'));
  let schema: string | undefined;
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  if (postgres) {
    schema = `bench_kn_${crypto.randomBytes(4).toString('hex')}`;
    try {
      await withPg(url, (c) => c.query(`create schema ${schema}`));
    } catch {
      console.log(`\nKnowledge on PostgreSQL: skipped, no PostgreSQL at ${url}`);
      return null;
    }
  }
  const db = openDatabase({ databaseUrl: postgres ? url : '', databaseSchema: schema, dataDir });
  await migrateToLatest(db, schema);
  return {
    name: postgres ? 'PostgreSQL' : 'SQLite',
    db,
    dataDir,
    async close() {
      await db.destroy();
      if (schema) await withPg(url, (c) => c.query(`drop schema ${schema} cascade`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function newCustomer(db: Kysely<Database>): Promise<number> {
  const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const row = await db
    .insertInto('users')
    .values({
      first_name: 'Bench',
      last_name: 'Customer',
      email: `${name}@example.com`,
      username: name,
      password_hash: 'x',
      is_email_verified: 1,
      is_deleted: 0,
      mre_call_provider_id: null,
      mre_call_provider_name: null,
      mre_call_profile_id: null,
      mre_call_endpoint: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function corpusDocs(): { name: string; text: string }[] {
  return fs
    .readdirSync(CORPUS)
    .filter((f) => f.endsWith('.md') && f !== 'SOURCES.md')
    .map((f) => ({ name: f.replace(/\.md$/, ''), text: fs.readFileSync(path.join(CORPUS, f), 'utf8') }));
}

/** Stores `sections` as one processed source of the customer: its id. */
async function indexSource(
  b: BenchDb,
  customerId: number,
  name: string,
  text: string,
  embed: boolean,
): Promise<number> {
  const row = await insertSource(b.db, customerId, { kind: 'file', name, file_type: 'txt' }, Date.now());
  const passages = splitPassages([{ text }]).map((p) => ({
    ...p,
    embedding: embed ? Float32Array.from(fakeEmbedding(p.text)) : null,
  }));
  await replacePassages(
    b.db,
    { id: row.id, customerId, generation: row.generation, language: 'en' },
    passages,
    Date.now(),
  );
  return row.id;
}

async function benchIngest(b: BenchDb): Promise<(string | number)[][]> {
  const rows: (string | number)[][] = [];
  const customerId = await newCustomer(b.db);
  const filler = corpusDocs()
    .map((d) => d.text)
    .join('\n')
    .replace(/[^\x20-\x7e\n]/g, ' ')
    .split('\n')
    .filter((l) => l.trim().length > 20);
  const pages = Array.from({ length: 100 }, (_, i) => filler.slice(i * 20, i * 20 + 20).join('\n'));
  const stored = 'bench.pdf';
  fs.mkdirSync(path.dirname(knowledgeFilePath(b.dataDir, stored)), { recursive: true });
  fs.writeFileSync(knowledgeFilePath(b.dataDir, stored), textPdf(pages));
  const http = createHttpPort({
    allowPrivateTargets: true,
    timeoutMs: 10_000,
    maxResponseBytes: 5 * 1024 * 1024,
    maxRedirects: 5,
  });
  const deps = { db: b.db, http, embedder: noEmbeddings, dataDir: b.dataDir, youtubeBaseUrl: '' };
  const pdf = await insertSource(
    b.db,
    customerId,
    { kind: 'file', name: 'bench.pdf', file_type: 'pdf', url: stored, language: 2 },
    Date.now(),
  );
  let started = performance.now();
  await runIngest(deps, { sourceId: pdf.id, generation: pdf.generation });
  let ms = performance.now() - started;
  let done = await b.db
    .selectFrom('knowledge_sources')
    .selectAll()
    .where('id', '=', pdf.id)
    .executeTakeFirstOrThrow();
  rows.push([
    b.name,
    '100-page text PDF',
    done.status,
    done.passages,
    Math.round(ms),
    (100 / (ms / 1000)).toFixed(1),
  ]);

  const site = await startFakeSite({ extraPages: 60 });
  try {
    const link = await insertSource(
      b.db,
      customerId,
      { kind: 'link', name: 'site', url: `${site.baseUrl}/`, recursive: 1 },
      Date.now(),
    );
    started = performance.now();
    await runIngest(deps, { sourceId: link.id, generation: link.generation });
    ms = performance.now() - started;
    done = await b.db
      .selectFrom('knowledge_sources')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    const indexed = (JSON.parse(done.report ?? '{"indexed":[]}') as { indexed: unknown[] }).indexed.length;
    rows.push([
      b.name,
      `crawl (${indexed} pages)`,
      done.status,
      done.passages,
      Math.round(ms),
      (indexed / (ms / 1000)).toFixed(1),
    ]);
  } finally {
    await site.close();
  }
  return rows;
}

/** 10,000 passages of corpus sentences in 100 sources, each with an embedding. */
export async function fillPassages(b: BenchDb, customerId: number): Promise<void> {
  const words = corpusDocs()
    .map((d) => d.text)
    .join(' ')
    .match(/[A-Za-z]{3,}/g)!;
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let s = 0; s < 100; s++) {
    const row = await insertSource(
      b.db,
      customerId,
      { kind: 'file', name: `filler-${s}`, file_type: 'txt' },
      Date.now(),
    );
    const passages = Array.from({ length: PASSAGES / 100 }, (_, i) => {
      const text = Array.from({ length: 110 }, () => words[Math.floor(random() * words.length)]).join(' ');
      return {
        text,
        position: i,
        page: null,
        url: null,
        heading: null,
        embedding: Float32Array.from(fakeEmbedding(text)),
      };
    });
    await replacePassages(
      b.db,
      { id: row.id, customerId, generation: row.generation, language: 'en' },
      passages,
      Date.now(),
    );
  }
}

/** Rounds of the search timing: each round's p50 and p95, then their median and range. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const range = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[Math.floor(sorted.length / 2)].toFixed(1)} (${sorted[0].toFixed(1)}–${sorted.at(-1)!.toFixed(1)})`;
};

/**
 * The same embedder with each question's vector fetched once up front: the search's own cost,
 * without the round trip to the embeddings provider (a remote service in production, here a
 * fake in this very process whose work would otherwise count as the search's).
 */
async function embeddedBeforehand(embedder: Embedder, questions: string[]): Promise<Embedder> {
  const vectors = await embedder.embed(questions);
  const known = new Map(questions.map((q, i) => [q, vectors[i]]));
  return {
    configured: true,
    embed: async (texts) => texts.map((t) => known.get(t) ?? Float32Array.from([])),
  };
}

async function benchSearch(b: BenchDb, embedder: Embedder): Promise<(string | number)[][]> {
  const customerId = await newCustomer(b.db);
  await fillPassages(b, customerId);
  // What autovacuum does after a bulk load: the statistics the PostgreSQL search estimates term
  // frequencies from (term-statistics.ts), and the planner's row counts.
  if (b.name === 'PostgreSQL') await sql`analyze knowledge_passages`.execute(b.db);
  const questions = (
    JSON.parse(fs.readFileSync(path.join(CORPUS, 'questions.json'), 'utf8')) as { q: string }[]
  ).map((q) => q.q);
  const rows: (string | number)[][] = [];
  for (const [mode, use] of [
    ['BM25', noEmbeddings],
    ['hybrid', embedder],
    ['hybrid, question embedded beforehand', await embeddedBeforehand(embedder, questions)],
  ] as const) {
    for (let i = 0; i < 20; i++)
      await searchKnowledge(b.db, use, { customerId, query: questions[i % questions.length] });
    const p50: number[] = [];
    const p95: number[] = [];
    const loads: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(load());
      const samples: number[] = [];
      for (let i = 0; i < QUERIES; i++) {
        const started = performance.now();
        await searchKnowledge(b.db, use, { customerId, query: questions[i % questions.length], limit: 5 });
        samples.push(performance.now() - started);
      }
      const s = spread(samples);
      p50.push(s.median);
      p95.push(s.p95);
    }
    rows.push([b.name, mode, PASSAGES, range(p50), range(p95), loads.join(' / ')]);
  }
  return rows;
}

/**
 * Recall@5 and MRR@10 of the README questions, BM25 and hybrid, over the corpus alone (a small
 * library: every term matched) and over the corpus among 10,000 filler passages (a large one: the
 * search matches on the rarest terms only, see matchTerms).
 */
export async function benchQuality(b: BenchDb): Promise<(string | number)[][]> {
  const questions = JSON.parse(fs.readFileSync(path.join(CORPUS, 'questions.json'), 'utf8')) as {
    q: string;
    doc: string;
  }[];
  const rows: (string | number)[][] = [];
  for (const filler of [false, true]) {
    const customerId = await newCustomer(b.db);
    const names = new Map<number, string>();
    for (const doc of corpusDocs())
      names.set(await indexSource(b, customerId, doc.name, doc.text, true), doc.name);
    if (filler) {
      await fillPassages(b, customerId);
      if (b.name === 'PostgreSQL') await sql`analyze knowledge_passages`.execute(b.db);
    }
    // Started after the (long) fill, so no idle keep-alive connection is reset under a query.
    const llm = await startFakeLlm();
    const embedder = createEmbedder({
      llmBaseUrl: llm.baseUrl,
      llmApiKey: llm.apiKey,
      embeddingsModel: 'fake-embeddings',
    });
    try {
      for (const [mode, use] of [
        ['BM25', noEmbeddings],
        ['hybrid', embedder],
      ] as const) {
        let hits = 0;
        let reciprocal = 0;
        const misses: string[] = [];
        for (const { q, doc } of questions) {
          const found = await searchKnowledge(b.db, use, { customerId, query: q, limit: 10 });
          const rank = found.passages.findIndex((p) => names.get(p.source.id) === doc);
          if (rank >= 0 && rank < 5) hits++;
          else misses.push(`${q} (${doc})`);
          if (rank >= 0) reciprocal += 1 / (rank + 1);
        }
        const library = filler ? `corpus + ${PASSAGES.toLocaleString('en')} filler` : 'corpus';
        rows.push([
          b.name,
          mode,
          library,
          questions.length,
          (hits / questions.length).toFixed(3),
          (reciprocal / questions.length).toFixed(3),
        ]);
        if (process.env.BENCH_VERBOSE)
          console.log(`${b.name} ${mode} ${library} misses:\n  ${misses.join('\n  ')}`);
      }
    } finally {
      await llm.close();
    }
  }
  return rows;
}

export async function runKnowledgeBench(): Promise<void> {
  const ingest: (string | number)[][] = [];
  const search: (string | number)[][] = [];
  const quality: (string | number)[][] = [];
  const llm = await startFakeLlm();
  const embedder = createEmbedder({
    llmBaseUrl: llm.baseUrl,
    llmApiKey: llm.apiKey,
    embeddingsModel: 'fake-embeddings',
  });
  try {
    // BENCH_KNOWLEDGE_DB=sqlite or postgres runs one database only.
    const only = process.env.BENCH_KNOWLEDGE_DB;
    for (const postgres of [false, true]) {
      if (only && only !== (postgres ? 'postgres' : 'sqlite')) continue;
      const b = await openBenchDb(postgres);
      if (!b) continue;
      try {
        ingest.push(...(await benchIngest(b)));
        search.push(...(await benchSearch(b, embedder)));
        quality.push(...(await benchQuality(b)));
      } finally {
        await b.close();
      }
    }
  } finally {
    await llm.close();
  }
  printTable(
    'Knowledge ingest (extract, split, index; no embeddings)',
    ['database', 'source', 'status', 'passages', 'ms', 'pages/s'],
    ingest,
  );
  printTable(
    `Knowledge search over ${PASSAGES.toLocaleString('en')} passages (${ROUNDS} rounds of ${QUERIES} queries, ms: median of the rounds (min–max); hybrid includes the query embedding over local HTTP to a fake in this process; the last row has the question embedded beforehand)`,
    ['database', 'mode', 'passages', 'p50', 'p95', 'load average at each round'],
    search,
  );
  printTable(
    'Knowledge retrieval quality (README corpus, document-level)',
    ['database', 'mode', 'library', 'questions', 'recall@5', 'MRR@10'],
    quality,
  );
}
