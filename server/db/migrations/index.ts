import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_accounts.js';

/**
 * Numbered, forward-only migrations. A static list (rather than reading the folder) keeps them
 * working however the server is started or bundled. Add a new file and list it here.
 */
const migrations: Record<string, Migration> = {
  '001_accounts': m001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
