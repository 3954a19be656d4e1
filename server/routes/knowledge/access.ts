// Knowledge calls are the signed-in customer's: the customer is the bearer token's user. The
// spec's knowledge host trusted a customer_id sent by the client; here one that is not the
// caller's is refused (403), so no customer reads, adds or deletes another's sources.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { KnowledgeSourceRow } from '../../db/schema.js';
import { INGEST_JOB, knowledgeFilePath, type IngestPayload } from '../../knowledge/ingest.js';
import { fail } from '../bots/present.js';

export const NOT_YOUR_CUSTOMER = 'This customer_id is not yours';
export const ITEM_NOT_FOUND = {
  file: 'File not found',
  link: 'Link not found',
  video: 'Video not found',
} as const;

/** True when the call may go on; a foreign customer_id has been refused with 403. */
export async function ownCustomer(
  request: FastifyRequest,
  reply: FastifyReply,
  customerId: number | undefined,
) {
  if (customerId === undefined || customerId === request.user.id) return true;
  await fail(reply, 403, NOT_YOUR_CUSTOMER, 'customer_id');
  return false;
}

/** Queues a run of the source (its current generation): a no-op if that run is already queued. */
export async function enqueueIngest(app: FastifyInstance, row: KnowledgeSourceRow): Promise<void> {
  const payload: IngestPayload = { sourceId: row.id, generation: row.generation };
  await app.jobs.enqueue({
    kind: INGEST_JOB,
    payload,
    dedupeKey: `knowledge:${row.id}:${row.generation}`,
    maxAttempts: 3,
  });
}

/** Keeps an uploaded knowledge file under DATA_DIR/knowledge; the name the row stores. */
export async function storeKnowledgeFile(
  dataDir: string,
  data: Buffer,
  type: 'pdf' | 'txt',
): Promise<string> {
  const name = `${crypto.randomBytes(16).toString('hex')}.${type}`;
  const file = knowledgeFilePath(dataDir, name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, data);
  return name;
}

export async function removeKnowledgeFile(dataDir: string, name: string | null): Promise<void> {
  if (name) await fs.rm(knowledgeFilePath(dataDir, name), { force: true });
}
