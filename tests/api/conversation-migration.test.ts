// Migration 007 moves conversations from one row per message to one row per turn: a guest's
// conversation stored before it reads back the same afterwards (SQLite and PostgreSQL).
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { newBotFields } from '../../src/core/bot/types.js';
import { migrateToLatest, openDatabase } from '../../server/db/connect.js';
import { migrationProvider } from '../../server/db/migrations/index.js';
import type { Database } from '../../server/db/schema.js';
import { readConversation } from '../../server/repos/conversation.js';
import { createTestDatabase, type TestDatabase } from './helpers.js';

let target: TestDatabase | undefined;
let db: Kysely<Database> | undefined;

afterAll(async () => {
  await db?.destroy();
  await target?.remove();
});

it('carries every stored message over to the turn rows, in order, with its translations', async () => {
  target = await createTestDatabase();
  const schema = target.databaseSchema;
  db = openDatabase(target);
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  expect((await migrator.migrateTo('006_content')).error).toBeUndefined();

  // A user of that schema's time, without a token (tokens gained a column later, in 010).
  const owner = await db
    .insertInto('users')
    .values({
      first_name: 'Old',
      last_name: 'Owner',
      email: 'old@example.com',
      username: 'old',
      password_hash: 'not-used',
      is_email_verified: 1,
      is_deleted: 0,
      mre_call_provider_id: null,
      mre_call_provider_name: null,
      mre_call_profile_id: null,
      mre_call_endpoint: null,
      created_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A bot of that schema's time too: the repo's createBot writes columns later migrations added.
  const fields = newBotFields();
  const bot = await db
    .insertInto('bots')
    .values({
      name: 'Old bot',
      description: fields.description,
      language: fields.language,
      supported_languages: JSON.stringify(fields.supported_languages),
      origins: JSON.stringify(fields.origins),
      allow_subpaths: 0,
      avatar: fields.avatar,
      custom_avatar: fields.customAvatar,
      is_avatar: 0,
      auto_translate: 0,
      use_tts: 0,
      use_ext_tts: 0,
      use_stt: 0,
      use_ext_stt: 0,
      tts_gender: fields.tts_gender,
      whatsapp_phone_id: '',
      whatsapp_token: '',
      telegram_token: '',
      notification_scheduler: JSON.stringify(fields.notification_scheduler),
      user_id: owner.id,
      created_at: 1,
      updated_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('guest_sessions')
    .values({
      id: 'g1',
      bot_id: bot.id,
      state: '{}',
      version: 3,
      created_at: 1,
      updated_at: 1,
      last_seen_at: 1,
    })
    .execute();
  const old = [
    [0, 'bot', 'choices-message', { type: 'choices-message', content: 'Pick one' }, { fr: 'Choisissez' }],
    [1, 'bot', 'choices', { type: 'choices', content: ['Yes', 'No'] }, null],
    [2, 'user', 'text', { type: 'text', content: 'Yes' }, null],
    [3, 'bot', 'text', { type: 'text', content: 'Done' }, { fr: 'Fini' }],
  ] as const;
  for (const [seq, sender, type, payload, translations] of old) {
    await sql`insert into conversation_messages
      (guest_id, seq, sender, type, payload, translations, language_code, created_at)
      values ('g1', ${seq}, ${sender}, ${type}, ${JSON.stringify(payload)},
        ${translations && JSON.stringify(translations)}, 'en', ${Date.UTC(2026, 0, 2) + seq})`.execute(db);
  }

  await migrateToLatest(db, schema);

  const english = await readConversation(db, 'g1');
  expect(english.map((m) => [m.id, m.from, m.type, m.content, m.disabled])).toEqual([
    [0, 'bot', 'choices-message', 'Pick one', true],
    [1, 'bot', 'choices', ['Yes', 'No'], true],
    [2, 'user', 'text', 'Yes', false],
    [3, 'bot', 'text', 'Done', false],
  ]);
  expect(english[3].date).toBe(new Date(Date.UTC(2026, 0, 2) + 3).toISOString());
  const french = await readConversation(db, 'g1', 'fr');
  expect(french.map((m) => [m.content, m.language_code])).toEqual([
    ['Choisissez', 'fr'],
    [['Yes', 'No'], 'en'],
    ['Yes', 'en'],
    ['Fini', 'fr'],
  ]);
});
