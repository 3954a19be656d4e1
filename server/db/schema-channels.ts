// The channels tables of the Database (see schema.ts, which joins every part into one interface).
import type { Generated } from 'kysely';

// Chat channels (issue 16, 013b_channels): see the migration for what each table is for.
export interface ChannelInboxTable {
  id: Generated<number>;
  bot_id: number;
  channel: string;
  chat_id: string;
  update_key: string;
  payload: string;
  state: string;
  created_at: number;
}

export interface ChannelOutboxTable {
  id: Generated<number>;
  bot_id: number;
  channel: string;
  chat_id: string;
  body: string;
  state: string;
  attempts: Generated<number>;
  external_id: string | null;
  status: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

export interface ChannelChatTable {
  bot_id: number;
  channel: string;
  chat_id: string;
  locked_by: string | null;
  locked_until: number | null;
  offered: string | null;
  send_after: number | null;
  confirm_restart: Generated<number>;
  updated_at: number;
}

export interface ChannelStateTable {
  bot_id: number;
  channel: string;
  secret: string | null;
  webhook_url: string | null;
  last_error: string | null;
  last_error_at: number | null;
  last_message_at: number | null;
  updated_at: number;
}

/** A send budget shared by the server instances (018c). */
export interface ChannelPaceTable {
  pace_key: string;
  tat: number;
}

export interface ChannelTables {
  channel_inbox: ChannelInboxTable;
  channel_pace: ChannelPaceTable;
  channel_outbox: ChannelOutboxTable;
  channel_chats: ChannelChatTable;
  channel_states: ChannelStateTable;
}
