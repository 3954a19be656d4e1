// The notifications tables of the Database (see schema.ts, which joins every part into one interface).
import type { Generated, Selectable } from 'kysely';

// --- Notifications (015) -------------------------------------------------------------------------

export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string;
  enabled: number;
  /** ISO 8601 with an offset or Z. */
  start_at: string;
  end_at: string | null;
  repeat_minutes: number;
  repeat_limit: number | null;
  timezone: string;
  bot_id: number | null;
  flow_template_id: number | null;
  /** JSON text: bot ids. */
  interacted_bots: string;
  whatsapp_template: string | null;
  no_end_date: number;
  no_repeat_limit: number;
  template_only: number;
  /** The next occurrence not yet fanned out (epoch ms); null when none is left. */
  next_run_at: number | null;
  last_run_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface GuestNotificationSettingsTable {
  guest_id: string;
  timezone: string | null;
  off: number;
  unread: number;
  web_push: string | null;
  updated_at: number;
}

export type DeliveryStatus = 'sending' | 'sent' | 'delivered' | 'failed' | 'skipped';
export type DeliverySource = 'notification' | 'subscription' | 'scheduler';

export interface NotificationDeliveryTable {
  id: Generated<number>;
  source: DeliverySource;
  source_id: number;
  guest_id: string;
  occurrence_at: number;
  channel: string;
  status: DeliveryStatus;
  reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface NotificationRunTable {
  id: Generated<number>;
  source: DeliverySource;
  source_id: number;
  occurrence_at: number;
  state: 'fanned' | 'skipped';
  reason: string | null;
  created_at: number;
}

export interface NotificationTables {
  notifications: NotificationTable;
  guest_notification_settings: GuestNotificationSettingsTable;
  notification_deliveries: NotificationDeliveryTable;
  notification_runs: NotificationRunTable;
}

export type NotificationRow = Selectable<NotificationTable>;
