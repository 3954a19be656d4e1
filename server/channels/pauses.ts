// A pause queued between a turn's messages (a delay in the flow, src/core/channels/delays.ts), as
// the conversation drain meets it in the outbox: it is done (the drain marks it sent), the conversation's sends
// wait until it is over, and the job comes back then — quietly, as this is no failure. The runner
// slot is free meanwhile, so other conversations go on; this one's later turns wait behind it, in
// order, as the web's reply queue makes them wait.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { RetryLaterError } from '../jobs/index.js';
import { delaySends, type ChatKey } from './store.js';

export async function waitOutPause(db: Kysely<Database>, key: ChatKey, ms: number): Promise<never> {
  await delaySends(db, key, Date.now() + ms);
  throw new RetryLaterError(ms, 'A delay in the flow', true);
}
