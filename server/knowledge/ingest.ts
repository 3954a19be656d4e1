// The knowledge-ingest job (on the jobs runner): one run takes a source from queued through
// extracting and indexing to processed, or to failed with the reason. A bad input (corrupt PDF,
// refused address, missing video) is not worth retrying, so the run ends there and the author
// sees why, with a Retry; only a crash of the run itself (the database gone) is retried by the
// runner. Each run carries the source's generation: a retried or deleted source makes an older
// run stop without writing.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { youtubeId } from '../../src/core/rules/youtube.js';
import { splitPassages, type SourceSection } from '../../src/core/knowledge/index.js';
import type { Database, KnowledgeSourceRow } from '../db/schema.js';
import type { HttpPort } from '../runtime/ports.js';
import { crawlSite } from './crawl.js';
import type { Embedder } from './embeddings.js';
import { ExtractionError, extractPdf, extractTxt } from './extract-file.js';
import { replacePassages } from './passage-store.js';
import { setStage } from './sources.js';
import { fetchPage } from './web-page.js';
import { NoCaptionsError, pastedTranscript, videoTitle, videoTranscript } from './youtube.js';

export const INGEST_JOB = 'knowledge-ingest';

export interface IngestPayload {
  sourceId: number;
  generation: number;
}

export interface IngestDeps {
  db: Kysely<Database>;
  http: HttpPort;
  embedder: Embedder;
  dataDir: string;
  youtubeBaseUrl: string;
  now?: () => number;
}

/** Where an uploaded knowledge file is kept (for re-processing): under DATA_DIR/knowledge. */
export const knowledgeFilePath = (dataDir: string, stored: string) =>
  path.join(dataDir, 'knowledge', path.basename(stored));

interface Extracted {
  sections: SourceSection[];
  title?: string;
  report?: string;
}

async function extract(
  deps: IngestDeps,
  row: KnowledgeSourceRow,
  language: string | null,
): Promise<Extracted> {
  if (row.kind === 'file') {
    const data = await fs.readFile(knowledgeFilePath(deps.dataDir, row.url ?? ''));
    return { sections: row.file_type === 'pdf' ? await extractPdf(data) : extractTxt(data) };
  }
  if (row.kind === 'link') {
    if (row.recursive) {
      const crawl = await crawlSite(deps.http, row.url ?? '');
      if (!crawl.report.indexed.length) {
        const why = crawl.report.skipped[0]?.reason ?? 'no page could be read';
        throw new ExtractionError(`No page was indexed: ${why}`);
      }
      return { sections: crawl.sections, title: crawl.title, report: JSON.stringify(crawl.report) };
    }
    const page = await fetchPage(deps.http, row.url ?? '');
    return { sections: [page.section], title: page.title };
  }
  const id = youtubeId(row.url ?? '');
  if (!id) throw new ExtractionError('Not a YouTube video address');
  const title = await videoTitle(deps.http, deps.youtubeBaseUrl, id);
  if (row.transcript) return { sections: pastedTranscript(id, row.transcript), title };
  try {
    return { sections: await videoTranscript(deps.http, deps.youtubeBaseUrl, id, language), title };
  } catch (error) {
    if (error instanceof NoCaptionsError) {
      await setStage(
        deps.db,
        row.id,
        row.generation,
        { title: title.slice(0, 500), name: title.slice(0, 255), needs_transcript: 1 },
        Date.now(),
      );
    }
    throw error;
  }
}

export async function runIngest(deps: IngestDeps, payload: IngestPayload): Promise<void> {
  const now = deps.now ?? Date.now;
  const row = await deps.db
    .selectFrom('knowledge_sources')
    .selectAll()
    .where('id', '=', payload.sourceId)
    .executeTakeFirst();
  if (!row || row.is_deleted || row.generation !== payload.generation) return;
  const stage = (fields: Parameters<typeof setStage>[3]) =>
    setStage(deps.db, row.id, row.generation, fields, now());
  const language = row.language
    ? ((
        await deps.db.selectFrom('languages').select('code').where('id', '=', row.language).executeTakeFirst()
      )?.code ?? null)
    : null;
  try {
    if (!(await stage({ status: 'extracting' }))) return;
    const extracted = await extract(deps, row, language);
    // Titles come from the outside: cut to what the columns hold (title 500, name 255).
    const title = extracted.title?.slice(0, 500);
    const titled = row.kind === 'video' && title ? { title, name: title.slice(0, 255) } : {};
    const named = row.kind === 'link' && title ? { title } : {};
    if (!(await stage({ status: 'indexing', report: extracted.report ?? null, ...titled, ...named }))) return;
    const passages = splitPassages(extracted.sections);
    if (!passages.length) throw new ExtractionError('No text was found');
    const vectors = deps.embedder.configured ? await deps.embedder.embed(passages.map((p) => p.text)) : null;
    await replacePassages(
      deps.db,
      { id: row.id, customerId: row.customer_id, generation: row.generation, language },
      passages.map((p, i) => ({ ...p, embedding: vectors?.[i] ?? null })),
      now(),
    );
  } catch (error) {
    const reason =
      error instanceof ExtractionError ? error.message : `Processing failed: ${(error as Error).message}`;
    await stage({ status: 'failed', error: reason });
  }
}
