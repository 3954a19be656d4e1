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
  /** The bearer token sent to the provider's call API; it never leaves the server. */
  access_token: z.string().nullable().default(null),
});

/** The built-in provider, its API and token from CALL_PROVIDER_ENDPOINT and CALL_PROVIDER_TOKEN. */
export function defaultProvider(call: { endpoint?: string; token?: string } = {}): ProviderTable {
  return {
    mre_call_provider_id: DEFAULT_PROVIDER_ID,
    name: 'BotFlow Calls',
    description: 'The built-in call provider: hand conversations over to your own agents.',
    config: JSON.stringify({ environment: 'local' }),
    icon_url: null,
    account_id: null,
    endpoint: call.endpoint || null,
    profile_id: null,
    access_token: call.token || null,
  };
}

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

/** The fields a source may leave empty (null): the stored value is kept then. */
const KEPT_WHEN_NULL = ['icon_url', 'account_id', 'endpoint', 'profile_id', 'access_token'] as const;

export interface ProviderSources {
  providersFile: string;
  callProviderEndpoint?: string;
  callProviderToken?: string;
}

/**
 * Inserts or refreshes the default provider and those of PROVIDERS_FILE. The id is the conflict
 * key; the names and config are refreshed from the source, and a field the source leaves null
 * keeps what is stored, so an endpoint or token an operator set in the data survives a restart.
 */
export async function seedProviders(db: Kysely<Database>, sources: ProviderSources): Promise<void> {
  const providers = [
    defaultProvider({ endpoint: sources.callProviderEndpoint, token: sources.callProviderToken }),
    ...(await readProvidersFile(sources.providersFile)),
  ];
  for (const provider of providers) {
    await db
      .insertInto('providers')
      .values(provider)
      .onConflict((oc) =>
        oc.column('mre_call_provider_id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          description: eb.ref('excluded.description'),
          config: eb.ref('excluded.config'),
          ...Object.fromEntries(
            KEPT_WHEN_NULL.map((field) => [
              field,
              eb.fn.coalesce(eb.ref(`excluded.${field}`), eb.ref(`providers.${field}`)),
            ]),
          ),
        })),
      )
      .execute();
  }
}

/** The providers as anyone may see them: without endpoint, profile or token. */
export async function listProviders(db: Kysely<Database>) {
  return db
    .selectFrom('providers')
    .select(['mre_call_provider_id', 'name', 'description', 'config', 'icon_url', 'account_id'])
    .orderBy('name')
    .execute();
}

export async function findProvider(db: Kysely<Database>, id: string) {
  return db.selectFrom('providers').selectAll().where('mre_call_provider_id', '=', id).executeTakeFirst();
}
