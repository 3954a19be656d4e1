import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DEFAULT_PROVIDER_ID } from '../../src/core/constants.js';
import type { Database, ProviderTable } from '../db/schema.js';

const providerFileEntry = z.object({
  mre_call_provider_id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().default(''),
  config: z.union([z.string(), z.record(z.string(), z.unknown())]).default('{}'),
  icon_url: z.string().nullable().default(null),
  account_id: z.string().nullable().default(null),
  endpoint: z.string().nullable().default(null),
  profile_id: z.string().nullable().default(null),
});

export const defaultProvider: ProviderTable = {
  mre_call_provider_id: DEFAULT_PROVIDER_ID,
  name: 'BotFlow Calls',
  description: 'The built-in call provider: hand conversations over to your own agents.',
  config: JSON.stringify({ environment: 'local' }),
  icon_url: null,
  account_id: null,
  endpoint: null,
  profile_id: null,
};

/** Reads PROVIDERS_FILE: a JSON array of providers. A broken file stops start-up with a clear error. */
export async function readProvidersFile(file: string): Promise<ProviderTable[]> {
  if (!file) return [];
  const raw = JSON.parse(await fs.readFile(file, 'utf8'));
  const parsed = z.array(providerFileEntry).safeParse(raw);
  if (!parsed.success)
    throw new Error(`PROVIDERS_FILE ${file} is not a list of providers: ${parsed.error.message}`);
  return parsed.data.map((p) => ({
    ...p,
    config: typeof p.config === 'string' ? p.config : JSON.stringify(p.config),
  }));
}

/** Inserts or refreshes the default provider and those of PROVIDERS_FILE. */
export async function seedProviders(db: Kysely<Database>, providersFile: string): Promise<void> {
  const providers = [defaultProvider, ...(await readProvidersFile(providersFile))];
  for (const provider of providers) {
    // The id is the conflict key; everything else is refreshed from the source of truth.
    const { mre_call_provider_id: _id, ...rest } = provider;
    await db
      .insertInto('providers')
      .values(provider)
      .onConflict((oc) => oc.column('mre_call_provider_id').doUpdateSet(rest))
      .execute();
  }
}

export async function listProviders(db: Kysely<Database>) {
  return db.selectFrom('providers').selectAll().orderBy('name').execute();
}

export async function findProvider(db: Kysely<Database>, id: string) {
  return db.selectFrom('providers').selectAll().where('mre_call_provider_id', '=', id).executeTakeFirst();
}
