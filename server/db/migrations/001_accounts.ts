import type { Kysely } from 'kysely';
import { autoId } from '../dialect.js';

// Migrations are written against `Kysely<any>`: they describe the schema as it was at that
// step, not as the current `Database` type says it is.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('providers')
    .addColumn('mre_call_provider_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('icon_url', 'text')
    .addColumn('account_id', 'varchar(64)')
    .addColumn('endpoint', 'text')
    .addColumn('profile_id', 'varchar(64)')
    .execute();

  await db.schema
    .createTable('languages')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'varchar(8)', (c) => c.notNull().unique())
    .addColumn('is_rtl', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mre_call_provider_id', 'varchar(64)')
    .addColumn('mre_call_provider_name', 'varchar(200)')
    .addColumn('mre_call_profile_id', 'varchar(64)')
    .addColumn('mre_call_endpoint', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('access_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();

  await db.schema
    .createTable('email_codes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await db
    .insertInto('languages')
    .values([
      { id: 1, name: 'arabic', code: 'ar', is_rtl: 1 },
      { id: 2, name: 'english', code: 'en', is_rtl: 0 },
      { id: 3, name: 'french', code: 'fr', is_rtl: 0 },
      { id: 4, name: 'german', code: 'de', is_rtl: 0 },
      { id: 5, name: 'spanish', code: 'es', is_rtl: 0 },
    ])
    .execute();
}
