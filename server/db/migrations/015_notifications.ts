import { sql, type Kysely } from 'kysely';
import { autoId, isPostgres } from '../dialect.js';

// Notifications (issue 18, spec 3 §3). A notification belongs to a customer and targets a flow
// template or a bot's main flow; its schedule is stored as the form sends it (ISO instants, the
// IANA zone) and the engine keeps `next_run_at`, the next occurrence not yet fanned out, so each
// tick is one indexed query for what is due (null: nothing more to send). Notification-node
// subscriptions (005) get the same two columns; a new or changed subscription has a null
// `next_run_at` and the tick places it.
//
// Every delivery of an occurrence to a guest is one row of notification_deliveries, unique per
// (source, source id, guest, occurrence): the delivery job writes it with its effect, so a
// retried or doubled job finds it and sends nothing. notification_runs logs each occurrence fanned
// out or skipped (older than the catch-up hour after a downtime).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const bigId = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('start_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('end_at', 'varchar(40)')
    .addColumn('repeat_minutes', 'integer', (c) => c.notNull())
    .addColumn('repeat_limit', 'integer')
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('bot_id', 'integer', (c) => c.references('bots.id').onDelete('cascade'))
    .addColumn('flow_template_id', 'integer', (c) => c.references('flows.id').onDelete('cascade'))
    /** JSON text: bot ids whose guests receive it. */
    .addColumn('interacted_bots', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('whatsapp_template', 'varchar(255)')
    .addColumn('no_end_date', 'integer', (c) => c.notNull())
    .addColumn('no_repeat_limit', 'integer', (c) => c.notNull())
    .addColumn('template_only', 'integer', (c) => c.notNull())
    .addColumn('next_run_at', 'bigint')
    .addColumn('last_run_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').column('user_id').execute();
  await db.schema.createIndex('notifications_due').on('notifications').column('next_run_at').execute();

  await db.schema.alterTable('notification_subscriptions').addColumn('next_run_at', 'bigint').execute();
  await db.schema.alterTable('notification_subscriptions').addColumn('last_run_at', 'bigint').execute();
  await db.schema
    .createIndex('notification_subscriptions_due')
    .on('notification_subscriptions')
    .column('next_run_at')
    .execute();

  // The bot's notification_scheduler (spec 1 §3) on the same engine.
  await db.schema.alterTable('bots').addColumn('scheduler_next_run_at', 'bigint').execute();
  await db.schema.alterTable('bots').addColumn('scheduler_last_run_at', 'bigint').execute();
  await db.schema.createIndex('bots_scheduler_due').on('bots').column('scheduler_next_run_at').execute();

  // A guest's notification settings, beside the session row (which every turn rewrites over its
  // version): the time zone the widget reported, the switch (STOP or the widget menu), the web
  // deliveries not yet seen, and a Web Push subscription from the /chat page.
  await db.schema
    .createTable('guest_notification_settings')
    .addColumn('guest_id', 'varchar(64)', (c) =>
      c.primaryKey().references('guest_sessions.id').onDelete('cascade'),
    )
    .addColumn('timezone', 'varchar(64)')
    .addColumn('off', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON text: the browser's PushSubscription. */
    .addColumn('web_push', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', bigId, autoId(db))
    /** notification, subscription or scheduler. */
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('guest_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('occurrence_at', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    /** sending, sent, delivered, failed or skipped. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('notification_deliveries_once', ['source', 'source_id', 'guest_id', 'occurrence_at'])
    .execute();

  await db.schema
    .createTable('notification_runs')
    .addColumn('id', bigId, autoId(db))
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('occurrence_at', 'bigint', (c) => c.notNull())
    /** fanned (its deliveries were queued) or skipped. */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('notification_runs_once', ['source', 'source_id', 'occurrence_at'])
    .execute();
  if (isPostgres(db)) await sql`alter table notification_deliveries set (fillfactor = 80)`.execute(db);
}
