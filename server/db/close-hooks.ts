// Work that must finish before the database closes: a chat turn answered just as the server
// stops still has its session and messages to store. The database plugin runs these, then
// closes the connection; whoever holds such work registers here (see ChatService).
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

const hooks = new WeakMap<Kysely<Database>, (() => Promise<void>)[]>();

export function beforeDatabaseCloses(db: Kysely<Database>, finish: () => Promise<void>): void {
  hooks.set(db, [...(hooks.get(db) ?? []), finish]);
}

export async function finishBeforeClosing(db: Kysely<Database>): Promise<void> {
  await Promise.all((hooks.get(db) ?? []).map((finish) => finish()));
}
